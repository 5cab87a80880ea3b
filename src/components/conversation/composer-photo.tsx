import { useLingui } from '@/lib/i18n/react';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { resizePhoto } from '@/lib/photo/resize-photo';
import { Button } from '../button';

// The composer's photo: taken with the camera or picked, resized, previewed until sent or removed.

/** The photo to send with the next message, its preview, and whether it is being prepared or could not be read. */
export function useMessagePhoto() {
  const [photo, setPhoto] = useState<Blob | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [state, setState] = useState<'idle' | 'working' | 'error'>('idle');

  useEffect(() => {
    if (!photo) return setPreview(null);
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  const choose = async (file: File) => {
    setState('working');
    try {
      setPhoto((await resizePhoto(file)).blob);
      setState('idle');
    } catch {
      setState('error');
    }
  };

  return { photo, preview, state, choose, clear: () => setPhoto(null) };
}

/** The camera button and its file input (`id` ties them). */
export function AttachPhoto({ id, onFile }: { id: string; onFile: (file: File) => void }) {
  const { _ } = useLingui();
  return (
    <>
      <AttachLabel htmlFor={id} title={_('Add a photo')}>
        <svg width={22} height={22} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
          <path d="M23 19a2 2 0 0 1-2 2H3a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h4l2-3h6l2 3h4a2 2 0 0 1 2 2z" />
          <circle cx="12" cy="13" r="4" />
        </svg>
        <span className="visually-hidden">{_('Add a photo')}</span>
      </AttachLabel>
      <input
        id={id}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}

/** The photo to send, with Remove photo. */
export function PhotoPreview({ preview, onRemove }: { preview: string; onRemove: () => void }) {
  const { _ } = useLingui();
  return (
    <PhotoRow>
      <img src={preview} alt={_('Photo to send')} width={96} height={72} />
      <Button type="button" $variant="ghost" onClick={onRemove}>
        {_('Remove photo')}
      </Button>
    </PhotoRow>
  );
}

const AttachLabel = styled.label`
  width: ${({ theme }) => theme.touch};
  height: ${({ theme }) => theme.touch};
  flex: none;
  display: inline-grid;
  place-items: center;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surfaceRaised};
  color: ${({ theme }) => theme.color.text};
  cursor: pointer;
`;

const PhotoRow = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  img {
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radius.sm};
  }
`;
