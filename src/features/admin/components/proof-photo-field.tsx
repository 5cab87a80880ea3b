import { useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { CameraIcon, ImageIcon } from '@/components/icons';
import { usePhotoPicker } from '@/components/photo-picker';
import { proofPhotoProblem } from '../lib/proof-photo';
import { useLingui } from '@/lib/i18n/react';

/**
 * An optional photo of the handover (issue 33 item 4: no bare "Choose File"): "Take photo" opens the tablet's rear
 * camera, "Choose from library" its photos; then a preview with Replace and Remove. A file that is not an image, too
 * large or unreadable is refused with the reason, and the photo already chosen stays. The photo is resized like a
 * sell photo (the shared usePhotoPicker, within 1200×900, JPEG) and kept as a Blob so it can wait in the outbox with the action when offline.
 */
export function ProofPhotoField({
  value,
  onChange,
  label,
}: {
  value: Blob | null;
  onChange: (photo: Blob | null) => void;
  label?: string;
}) {
  const { _ } = useLingui();
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const picker = usePhotoPicker({
    check: proofPhotoProblem,
    unreadable: _('That photo could not be read. Try another, or confirm without one.'),
    onPhoto: (photo) => {
      setProblem(null);
      onChange(photo);
    },
    onProblem: setProblem,
    testIds: { camera: 'proof-photo-camera', library: 'proof-photo-library' },
  });

  useEffect(() => {
    if (!value) return setPreview(null);
    const url = URL.createObjectURL(value);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [value]);

  const { working } = picker;
  return (
    <Field role="group" aria-labelledby={`${id}-label`}>
      <Label id={`${id}-label`}>{label ?? _('Handover photo (optional)')}</Label>
      {preview ? (
        <Chosen>
          <img src={preview} alt={_('Handover photo')} width={160} height={120} />
          <Actions $column>
            <Button type="button" $variant="secondary" disabled={working} onClick={picker.openCamera}>
              <CameraIcon size={18} /> {_('Retake')}
            </Button>
            <Button type="button" $variant="secondary" disabled={working} onClick={picker.openLibrary}>
              {_('Replace')}
            </Button>
            <Button
              type="button"
              $variant="ghost"
              disabled={working}
              onClick={() => {
                setProblem(null);
                onChange(null);
              }}
            >
              {_('Remove photo')}
            </Button>
          </Actions>
        </Chosen>
      ) : (
        <Actions>
          <Button type="button" $variant="secondary" disabled={working} onClick={picker.openCamera}>
            <CameraIcon size={20} /> {_('Take photo')}
          </Button>
          <Button type="button" $variant="ghost" disabled={working} onClick={picker.openLibrary}>
            <ImageIcon size={20} /> {_('Choose from library')}
          </Button>
        </Actions>
      )}
      {picker.inputs}
      {working && <Message role="status">{_('Preparing the photo…')}</Message>}
      {!working && problem && <Problem role="alert">{problem}</Problem>}
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

const Message = styled.small`
  color: ${({ theme }) => theme.color.textMuted};
`;

const Problem = styled.small`
  color: ${({ theme }) => theme.color.dangerText};
  font-weight: 600;
`;
