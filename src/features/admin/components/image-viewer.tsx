import styled from 'styled-components';
import { Dialog } from '@/components/dialog';

/** The full-size image viewer: the stored photo (imageUrl) at its own size, scrollable. */
export function ImageViewer({ src, title, onClose }: { src: string | null; title: string; onClose: () => void }) {
  return (
    <Dialog open={src !== null} title={title} size="full" onClose={onClose}>
      {src && (
        <Frame>
          <FullImage src={src} alt={title} draggable={false} />
        </Frame>
      )}
    </Dialog>
  );
}

// Holds the room of a photo while the full-size file loads, so the dialog does not open as an empty strip.
const Frame = styled.div`
  display: grid;
  place-items: center;
  min-height: min(20rem, calc(100dvh - 8rem));
  border-radius: ${({ theme }) => theme.radius.md};
  background: #0b0e1a;
`;

const FullImage = styled.img`
  width: auto;
  max-width: 100%;
  max-height: calc(100dvh - 8rem);
  margin: 0 auto;
  object-fit: contain;
  border-radius: ${({ theme }) => theme.radius.md};
`;
