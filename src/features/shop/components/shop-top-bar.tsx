import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { fromTablet } from '@/components/theme';
import { useLingui } from '@/lib/i18n/react';
import { ComingSoonButton, VsDropdown } from './coming-soon-extras';

/** The shop's sticky header (Back, the title, the cart's button), then the extras still to come. */
export function ShopTopBar({ cartButton }: { cartButton: ReactNode }) {
  const { _ } = useLingui();
  return (
    <>
      <Top>
        <Back to="/" aria-label={_('Back to home')}>
          ←
        </Back>
        <Heading>
          <h1>{_('Shop')}</h1>
          <p>{_('Prices in USD · tap an item twice to add it')}</p>
        </Heading>
        {cartButton}
      </Top>

      <Extras aria-label={_('More')}>
        <VsDropdown />
        <ComingSoonButton placement="bottom">{_('Backdoor / Scammer List')}</ComingSoonButton>
        <ComingSoonButton align="start" placement="bottom">
          {_('Gamble')}
        </ComingSoonButton>
        <ComingSoonButton placement="bottom">{_('Roll Dice')}</ComingSoonButton>
      </Extras>
    </>
  );
}

const Top = styled.header`
  position: sticky;
  top: 0;
  z-index: 30;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0 -${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)};
  /* Opaque: Firefox drew the cards scrolling under a see-through, blurred title on top of it (issue 52.5). */
  background: ${({ theme }) => theme.color.bg};
  ${fromTablet} {
    margin: 0 -${({ theme }) => theme.space(6)} ${({ theme }) => theme.space(4)};
    padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(6)};
  }
`;

const Back = styled(Link)`
  width: 44px;
  height: 44px;
  flex: none;
  display: grid;
  place-items: center;
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surfaceRaised};
  color: ${({ theme }) => theme.color.text};
  text-decoration: none;
  font-size: 1.25rem;
`;

const Heading = styled.div`
  flex: 1;
  min-width: 0;
  h1 {
    font-size: 1.75rem;
    font-weight: 900;
    letter-spacing: -0.01em;
    background: linear-gradient(90deg, ${({ theme }) => theme.color.text}, ${({ theme }) => theme.color.accent});
    -webkit-background-clip: text;
    background-clip: text;
    color: transparent;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 0.9rem;
  }
`;

const Extras = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  padding-top: ${({ theme }) => theme.space(1)};
`;
