import { useLingui } from '@/lib/i18n/react';
import { Link } from '@tanstack/react-router';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { Screen } from './auth-screen';

/** The signed-out home: Sign Up and Login only; no other content is shown. */
export function LandingPage() {
  const { _ } = useLingui();
  return (
    <Screen>
      <Hero>
        <Logo src="/icons/icon.svg" alt="" width={96} height={96} />
        <h1>
          {/* The brand, the same in every language. */}
          {'Blockspin'} <b>{'Market'}</b>
        </h1>
        <p>{_('Buy and sell Blockspin items and cash, safely brokered by our admins.')}</p>
      </Hero>
      <Actions>
        <Button as={Link} to="/signup" $block>
          {_('Sign Up')}
        </Button>
        <Button as={Link} to="/login" $variant="secondary" $block>
          {_('Login')}
        </Button>
      </Actions>
    </Screen>
  );
}

const Hero = styled.div`
  text-align: center;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  max-width: 26rem;
  h1 {
    font-size: clamp(2rem, 9vw, 2.75rem);
    font-weight: 900;
    letter-spacing: -0.02em;
  }
  b {
    color: ${({ theme }) => theme.color.accent};
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 1.05rem;
  }
`;

const Logo = styled.img`
  border-radius: 24px;
  box-shadow: 0 12px 40px rgba(91, 124, 250, 0.35);
`;

const Actions = styled.div`
  width: 100%;
  max-width: 22rem;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  a {
    text-decoration: none;
    min-height: 52px;
    font-size: 1.05rem;
  }
`;
