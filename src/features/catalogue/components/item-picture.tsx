import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';

type PictureSize = 'thumb' | 'photo';

// The grid's thumbnail keeps its size beside a long name; the editor's photo sits in a row that never squeezes it.
const BOX: Record<PictureSize, ReturnType<typeof css>> = {
  thumb: css`
    width: 40px;
    height: 40px;
    flex: none;
    border-radius: ${({ theme }) => theme.radius.sm};
  `,
  photo: css`
    width: 96px;
    height: 72px;
    border-radius: ${({ theme }) => theme.radius.md};
  `,
};

/** An item's picture, or in its place (hidden from screen readers) what stands for it: its initial, 'No photo'. */
export function ItemPicture({ src, alt, size, fallback }: { src: string | null; alt: string; size: PictureSize; fallback: ReactNode }) {
  return src ? (
    <Picture src={src} alt={alt} $size={size} />
  ) : (
    <NoPicture aria-hidden="true" $size={size}>
      {fallback}
    </NoPicture>
  );
}

const Picture = styled.img<{ $size: PictureSize }>`
  ${({ $size }) => BOX[$size]}
  object-fit: cover;
`;

const NoPicture = styled.span<{ $size: PictureSize }>`
  ${({ $size }) => BOX[$size]}
  display: grid;
  place-items: center;
  color: ${({ theme }) => theme.color.textMuted};
  ${({ $size, theme }) =>
    $size === 'thumb'
      ? css`
          background: ${theme.color.surfaceRaised};
          font-weight: 800;
        `
      : css`
          border: 1px dashed ${theme.color.border};
          font-size: 0.8rem;
        `}
`;
