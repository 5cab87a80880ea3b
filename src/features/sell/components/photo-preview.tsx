import { useLingui } from '@/lib/i18n/react';
import styled from 'styled-components';

/** The chosen photo with an X that discards it and restarts. */
export function PhotoPreview({ url, onDiscard }: { url: string; onDiscard: () => void }) {
  const { _ } = useLingui();
  return (
    <Frame>
      <img src={url} alt={_('Your item photo')} />
      <Discard type="button" aria-label={_('Discard photo and start over')} onClick={onDiscard}>
        ×
      </Discard>
    </Frame>
  );
}

const Frame = styled.div`
  position: relative;
  border-radius: ${({ theme }) => theme.radius.lg};
  overflow: hidden;
  border: 1px solid ${({ theme }) => theme.color.border};
  background: #05070f;
  img {
    width: 100%;
    max-height: 18rem;
    object-fit: contain;
    margin: 0 auto;
  }
`;

const Discard = styled.button`
  position: absolute;
  top: ${({ theme }) => theme.space(2)};
  right: ${({ theme }) => theme.space(2)};
  width: 44px;
  height: 44px;
  border-radius: 999px;
  border: 1px solid rgba(255, 255, 255, 0.35);
  background: rgba(5, 7, 15, 0.75);
  color: #fff;
  font-size: 1.6rem;
  line-height: 1;
  display: grid;
  place-items: center;
`;
