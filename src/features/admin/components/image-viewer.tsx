import styled from 'styled-components';
import { Dialog } from '../../../components/dialog';

/** The full-size image viewer: the stored photo (imageUrl) at its own size, scrollable. */
export function ImageViewer({ src, title, onClose }: { src: string | null; title: string; onClose: () => void }) {
  return (
    <Dialog open={src !== null} title={title} size="full" onClose={onClose}>
      {src && <FullImage src={src} alt={title} draggable={false} />}
    </Dialog>
  );
}

const FullImage = styled.img`
  width: auto;
  max-width: 100%;
  max-height: calc(100dvh - 8rem);
  margin: 0 auto;
  object-fit: contain;
  border-radius: ${({ theme }) => theme.radius.md};
`;
