import { useLingui } from '@/lib/i18n/react';
import { Link } from '@tanstack/react-router';
import styled from 'styled-components';

/** Any unknown path shows '404 Page Not Found'. */
export function NotFoundPage() {
  const { _ } = useLingui();
  return (
    <Wrap>
      <Big aria-hidden="true">404</Big>
      <h1>{_('404 Page Not Found')}</h1>
      <p>{_('That page does not exist, or it moved.')}</p>
      <Home to="/">{_('Back to Home')}</Home>
    </Wrap>
  );
}

const Wrap = styled.main`
  flex: 1;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(3)};
  text-align: center;
  padding: ${({ theme }) => theme.space(6)};
  background: radial-gradient(80% 50% at 50% 30%, rgba(91, 124, 250, 0.2), transparent 70%);
  h1 {
    font-size: 1.6rem;
    font-weight: 800;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

const Big = styled.div`
  font-size: clamp(5rem, 28vw, 8rem);
  font-weight: 900;
  line-height: 1;
  letter-spacing: -0.04em;
  background: linear-gradient(135deg, ${({ theme }) => theme.color.primary}, ${({ theme }) => theme.color.accent});
  -webkit-background-clip: text;
  background-clip: text;
  color: transparent;
`;

const Home = styled(Link)`
  margin-top: ${({ theme }) => theme.space(3)};
  min-height: ${({ theme }) => theme.touch};
  padding: 0 ${({ theme }) => theme.space(6)};
  display: inline-grid;
  place-items: center;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.primary};
  color: ${({ theme }) => theme.color.primaryText};
  font-weight: 700;
  text-decoration: none;
`;
