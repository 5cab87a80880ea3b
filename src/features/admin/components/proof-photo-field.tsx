import { useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/button';
import { CameraIcon, ImageIcon } from '../../../components/icons';
import { resizePhoto } from '../../../lib/photo/resize-photo';
import { proofPhotoProblem } from '../lib/proof-photo';

type PickState = { kind: 'idle' } | { kind: 'working' } | { kind: 'error'; message: string };

/**
 * An optional photo of the handover (issue 33 item 4: no bare "Choose File"): "Take photo" opens the tablet's rear
 * camera, "Choose from library" its photos; then a preview with Replace and Remove. A file that is not an image, too
 * large or unreadable is refused with the reason, and the photo already chosen stays. The photo is resized like a
 * sell photo (within 1200×900, JPEG) and kept as a Blob so it can wait in the outbox with the action when offline.
 */
export function ProofPhotoField({
  value,
  onChange,
  label = 'Handover photo (optional)',
}: {
  value: Blob | null;
  onChange: (photo: Blob | null) => void;
  label?: string;
}) {
  const id = useId();
  const camera = useRef<HTMLInputElement>(null);
  const library = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [state, setState] = useState<PickState>({ kind: 'idle' });

  useEffect(() => {
    if (!value) return setPreview(null);
    const url = URL.createObjectURL(value);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [value]);

  const pick = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const problem = proofPhotoProblem(file);
    if (problem) return setState({ kind: 'error', message: problem });
    setState({ kind: 'working' });
    try {
      onChange((await resizePhoto(file)).blob);
      setState({ kind: 'idle' });
    } catch {
      setState({ kind: 'error', message: 'That photo could not be read. Try another, or confirm without one.' });
    }
  };

  const working = state.kind === 'working';
  return (
    <Field role="group" aria-labelledby={`${id}-label`}>
      <Label id={`${id}-label`}>{label}</Label>
      {preview ? (
        <Chosen>
          <img src={preview} alt="Handover photo" width={160} height={120} />
          <Actions $column>
            <Button type="button" $variant="secondary" disabled={working} onClick={() => camera.current?.click()}>
              <CameraIcon size={18} /> Retake
            </Button>
            <Button type="button" $variant="secondary" disabled={working} onClick={() => library.current?.click()}>
              Replace
            </Button>
            <Button
              type="button"
              $variant="ghost"
              disabled={working}
              onClick={() => {
                setState({ kind: 'idle' });
                onChange(null);
              }}
            >
              Remove photo
            </Button>
          </Actions>
        </Chosen>
      ) : (
        <Actions>
          <Button type="button" $variant="secondary" disabled={working} onClick={() => camera.current?.click()}>
            <CameraIcon size={20} /> Take photo
          </Button>
          <Button type="button" $variant="ghost" disabled={working} onClick={() => library.current?.click()}>
            <ImageIcon size={20} /> Choose from library
          </Button>
        </Actions>
      )}
      {/* The real pickers, out of sight and out of the tab order: the buttons above open them. */}
      <HiddenInput
        ref={camera}
        type="file"
        accept="image/*"
        capture="environment"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="proof-photo-camera"
        onChange={(event) => void pick(event.currentTarget)}
      />
      <HiddenInput
        ref={library}
        type="file"
        accept="image/*"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="proof-photo-library"
        onChange={(event) => void pick(event.currentTarget)}
      />
      {working && <Message role="status">Preparing the photo…</Message>}
      {state.kind === 'error' && <Problem role="alert">{state.message}</Problem>}
    </Field>
  );
}

const Field = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(2)};
`;

const Label = styled.span`
  font-weight: 600;
`;

const Actions = styled.div<{ $column?: boolean }>`
  display: flex;
  flex-wrap: wrap;
  flex-direction: ${({ $column }) => ($column ? 'column' : 'row')};
  gap: ${({ theme }) => theme.space(2)};
`;

const Chosen = styled.div`
  display: grid;
  grid-template-columns: 160px minmax(0, 12rem);
  align-items: start;
  gap: ${({ theme }) => theme.space(3)};
  img {
    width: 160px;
    height: 120px;
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radius.md};
    border: 1px solid ${({ theme }) => theme.color.border};
    background: #0b0e1a;
  }
`;

const HiddenInput = styled.input`
  position: absolute;
  width: 1px;
  height: 1px;
  opacity: 0;
  pointer-events: none;
`;

const Message = styled.small`
  color: ${({ theme }) => theme.color.textMuted};
`;

const Problem = styled.small`
  color: ${({ theme }) => theme.color.dangerText};
  font-weight: 600;
`;
