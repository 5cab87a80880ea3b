import { useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/button';
import { resizePhoto } from '../../../lib/photo/resize-photo';

/**
 * An optional photo of the handover, from the tablet's camera: resized like a sell photo (within 1200×900, JPEG),
 * kept as a Blob so it can wait in the outbox with the action when there is no signal.
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
  const [preview, setPreview] = useState<string | null>(null);
  const [state, setState] = useState<'idle' | 'working' | 'error'>('idle');

  useEffect(() => {
    if (!value) return setPreview(null);
    const url = URL.createObjectURL(value);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [value]);

  return (
    <Field>
      <label htmlFor={id}>{label}</label>
      {preview ? (
        <Row>
          <img src={preview} alt="Handover photo" width={96} height={72} />
          <Button type="button" $variant="ghost" onClick={() => onChange(null)}>
            Remove photo
          </Button>
        </Row>
      ) : (
        <input
          id={id}
          type="file"
          accept="image/*"
          capture="environment"
          onChange={async (event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            setState('working');
            try {
              onChange((await resizePhoto(file)).blob);
              setState('idle');
            } catch {
              setState('error');
            }
          }}
        />
      )}
      {state === 'working' && <small role="status">Preparing the photo…</small>}
      {state === 'error' && <small role="alert">That photo could not be read. Try another, or confirm without one.</small>}
    </Field>
  );
}

const Field = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  margin-top: ${({ theme }) => theme.space(2)};
  label {
    font-weight: 600;
  }
  input {
    max-width: 100%;
  }
`;

const Row = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  img {
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radius.sm};
  }
`;
