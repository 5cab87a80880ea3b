import { useLingui } from '@/lib/i18n/react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Screen } from './auth-screen';

/** The centred card of the signed-out screens, with the brand on top. */
export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { _ } = useLingui();
  return (
    <Screen>
      <Brand to="/" aria-label={_('Blockspin Market home')}>
        <img src="/icons/icon.svg" alt="" width={44} height={44} />
        <span>
          {/* The brand, the same in every language. */}
          {'Blockspin'} <b>{'Market'}</b>
        </span>
      </Brand>
      <Card>
        <Heading>
          <h1>{title}</h1>
          {subtitle && <p>{subtitle}</p>}
        </Heading>
        {children}
      </Card>
      {footer && <Footer>{footer}</Footer>}
    </Screen>
  );
}

export const Brand = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.color.text};
  text-decoration: none;
  font-size: 1.35rem;
  font-weight: 800;
  letter-spacing: -0.01em;
  min-height: ${({ theme }) => theme.touch};
  img {
    border-radius: 12px;
  }
  b {
    color: ${({ theme }) => theme.color.accent};
  }
`;

const Card = styled.section`
  width: 100%;
  max-width: 26rem;
  padding: ${({ theme }) => theme.space(6)} ${({ theme }) => theme.space(5)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  box-shadow: ${({ theme }) => theme.shadow.card};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(5)};
`;

const Heading = styled.div`
  text-align: center;
  h1 {
    font-size: 1.6rem;
    font-weight: 800;
  }
  p {
    margin: ${({ theme }) => theme.space(2)} 0 0;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

const Footer = styled.div`
  color: ${({ theme }) => theme.color.textMuted};
  text-align: center;
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  align-items: center;
  gap: 0 ${({ theme }) => theme.space(2)};
`;

/** The vertical stack of fields and the submit button. */
export const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
`;

/** A text link with a 44px touch area. */
export const TextLink = styled(Link)`
  color: ${({ theme }) => theme.color.primary};
  font-weight: 700;
  min-height: ${({ theme }) => theme.touch};
  display: inline-flex;
  align-items: center;
  padding: 0 ${({ theme }) => theme.space(1)};
`;
