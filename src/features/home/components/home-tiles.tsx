import styled from 'styled-components';
import { ComingSoonBubble, useComingSoon } from '@/components/coming-soon-bubble';
import { CartIcon, SwapIcon, TagIcon, UserIcon } from '@/components/icons';
import { UnreadBadge } from '@/components/conversation/unread-badge';
import { useLingui } from '@/lib/i18n/react';
import { HomeTile, TileButton, TileLink } from './home-tile';

/** Buy, Sell, Trade (coming soon) and Account; a player's Account tile counts the admins' messages not yet read. */
export function HomeTiles({ unreadOnAccount }: { unreadOnAccount: number | null }) {
  const { _ } = useLingui();
  const trade = useComingSoon();
  return (
    <Tiles>
      <TileLink to="/buy" $tone="primary">
        <HomeTile icon={<CartIcon size={30} />} title={_('Buy')} text={_('Cash, weapons, farming & more')} />
      </TileLink>
      <TileLink to="/sell" $tone="success">
        <HomeTile icon={<TagIcon size={30} />} title={_('Sell')} text={_('Snap a photo, get paid')} />
      </TileLink>
      <TradeWrap>
        <TileButton type="button" $tone="accent" onClick={trade.show}>
          <HomeTile icon={<SwapIcon size={30} />} title={_('Trade')} text={_('Swap items with players')} />
        </TileButton>
        <ComingSoonBubble visible={trade.visible} placement="inside" />
      </TradeWrap>
      <TileLink to="/my-activity" $tone="info">
        <HomeTile icon={<UserIcon size={30} />} title={_('Account')} text={_('Requests & contact info')} />
        {unreadOnAccount !== null && <CornerBadge count={unreadOnAccount} />}
      </TileLink>
    </Tiles>
  );
}

const CornerBadge = styled(UnreadBadge)`
  position: absolute;
  top: ${({ theme }) => theme.space(3)};
  right: ${({ theme }) => theme.space(3)};
`;

const Tiles = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(5)};
  @media (min-width: 768px) {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
`;

const TradeWrap = styled.div`
  position: relative;
  display: flex;
`;
