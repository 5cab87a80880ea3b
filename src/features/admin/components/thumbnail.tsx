import styled from 'styled-components';
import { useLingui } from '@/lib/i18n/react';

/** A submission photo (its small thumbnail) that opens the full-size viewer; 'No Image' without one. */
export function Thumbnail({ src, alt, onOpen }: { src: string | null; alt: string; onOpen?: () => void }) {
  const { _ } = useLingui();
  if (!src) return <NoImage aria-label={_('No Image')}>{_('No Image')}</NoImage>;
  return (
    <ThumbButton type="button" onClick={onOpen} aria-label={_('View full-size photo of {item}', { item: alt })}>
      <img src={src} alt={alt} loading="lazy" draggable={false} />
    </ThumbButton>
  );
}

const box = `
  width: 100%;
  aspect-ratio: 4 / 3;
  border-radius: 10px;
  overflow: hidden;
`;

const ThumbButton = styled.button`
  ${box}
  padding: 0;
  border: 1px solid ${({ theme }) => theme.color.border};
  background: #0b0e1a;
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

const NoImage = styled.div`
  ${box}
  display: grid;
  place-items: center;
  background: ${({ theme }) => theme.color.bg};
  border: 1px dashed ${({ theme }) => theme.color.border};
  color: ${({ theme }) => theme.color.textMuted};
  font-weight: 600;
`;
