import { useRef, useState, type ReactNode, type RefObject } from 'react';
import styled from 'styled-components';
import { resizePhoto } from '../lib/photo/resize-photo';

/**
 * The one photo picker behind the app's photo buttons (the sell page's Camera / Gallery, the handover photo's Take
 * photo / Choose from library): two real file inputs out of sight and out of the tab order — one opening the rear
 * camera, one the photo library — that the screen's own styled buttons open. A picked file is checked (`check`
 * answers why it cannot be used, or null), then resized (within 1200×900, JPEG) and handed over as a Blob; a file
 * that fails the check or cannot be decoded is reported with `onProblem`, and whatever was chosen before stays.
 * The inputs are emptied after each pick, so the same photo can be picked again.
 */
export function usePhotoPicker({
  check,
  unreadable,
  onPhoto,
  onProblem,
  testIds,
}: {
  /** Why the file cannot be used (shown to the person), or null when it can. */
  check: (file: File) => string | null;
  /** What to say when the photo cannot be read. */
  unreadable: string;
  onPhoto: (photo: Blob) => void;
  onProblem: (message: string) => void;
  testIds: { camera: string; library: string };
}): { openCamera: () => void; openLibrary: () => void; working: boolean; inputs: ReactNode } {
  const camera = useRef<HTMLInputElement>(null);
  const library = useRef<HTMLInputElement>(null);
  const [working, setWorking] = useState(false);

  const pick = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const problem = check(file);
    if (problem) return onProblem(problem);
    setWorking(true);
    try {
      onPhoto((await resizePhoto(file)).blob);
    } catch {
      onProblem(unreadable);
    } finally {
      setWorking(false);
    }
  };

  // The camera's input opens the rear camera where there is one; the library's, the photos.
  const input = (ref: RefObject<HTMLInputElement | null>, testId: string, capture?: 'environment') => (
    <HiddenInput
      ref={ref}
      type="file"
      accept="image/*"
      capture={capture}
      tabIndex={-1}
      aria-hidden="true"
      data-testid={testId}
      onChange={(event) => void pick(event.currentTarget)}
    />
  );
  const inputs = (
    <>
      {input(camera, testIds.camera, 'environment')}
      {input(library, testIds.library)}
    </>
  );
  return { openCamera: () => camera.current?.click(), openLibrary: () => library.current?.click(), working, inputs };
}

const HiddenInput = styled.input`
  position: absolute;
  width: 1px;
  height: 1px;
  opacity: 0;
  pointer-events: none;
`;
