import styled from 'styled-components';
import { Button } from '@/components/button';
import type { usePhotoPicker } from '@/components/photo-picker';
import { useLingui } from '@/lib/i18n/react';
import { ItemPicture } from './item-picture';

export interface ItemPhotoRowProps {
  /** The photo chosen now, else the item's own. */
  src: string | null;
  name: string;
  picker: ReturnType<typeof usePhotoPicker>;
}

/** The editor's photo with Camera and Gallery to replace it. */
export function ItemPhotoRow({ src, name, picker }: ItemPhotoRowProps) {
  const { _ } = useLingui();
  return (
    <PhotoRow>
      <ItemPicture
        src={src}
        size="photo"
        alt={name ? _('Photo of {item}', { item: name }) : _('Photo of the item')}
        fallback={_('No photo')}
      />
      <div>
        <Button type="button" $variant="secondary" onClick={picker.openCamera} disabled={picker.working}>
          {_('Camera')}
        </Button>
        <Button type="button" $variant="secondary" onClick={picker.openLibrary} disabled={picker.working}>
          {_('Gallery')}
        </Button>
        {picker.inputs}
      </div>
    </PhotoRow>
  );
}

const PhotoRow = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  div {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space(2)};
  }
`;
