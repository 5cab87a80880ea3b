import { Link } from '@tanstack/react-router';
import styled from 'styled-components';
import { fromTablet } from '@/components/theme';
import { useLingui } from '@/lib/i18n/react';

/** Back to home, the screen's title, and Account. */
export function SellTopBar({ title }: { title: string }) {
  const { _ } = useLingui();
  return (
    <Top>
      <Round to="/" aria-label={_('Back to home')}>
        ←
      </Round>
      <h1>{title}</h1>
      <AccountLink to="/my-activity">{_('Account')}</AccountLink>
    </Top>
  );
}

const Top = styled.header`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  /* One line on a phone beside the two buttons: the size follows the screen, and text that still cannot fit ends in "…". */
  h1 {
    flex: 1;
    min-width: 0;
    font-size: clamp(1.1rem, 5vw, 1.4rem);
    font-weight: 900;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  ${fromTablet} {
    h1 {
      font-size: 1.75rem;
    }
  }
`;

const Round = styled(Link)`
  width: 44px;
  height: 44px;
  flex: none;
  display: grid;
  place-items: center;
  border-radius: 999px;
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surfaceRaised};
  color: ${({ theme }) => theme.color.text};
  text-decoration: none;
  font-size: 1.25rem;
`;

const AccountLink = styled(Link)`
  min-height: 44px;
  display: inline-flex;
  align-items: center;
  padding: 0 ${({ theme }) => theme.space(4)};
  border-radius: 999px;
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surfaceRaised};
  color: ${({ theme }) => theme.color.text};
  text-decoration: none;
  font-weight: 700;
`;
