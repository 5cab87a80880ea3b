import { Link } from '@tanstack/react-router';
import styled from 'styled-components';

/** Any unknown path (spec §2). */
export function NotFoundPage() {
  return (
    <Wrap>
      <h1>404 Page Not Found</h1>
      <Link to="/">Back to Home</Link>
    </Wrap>
  );
}

const Wrap = styled.main`
  flex: 1;
  display: grid;
  place-content: center;
  gap: ${({ theme }) => theme.space(4)};
  text-align: center;
  padding: ${({ theme }) => theme.space(6)};
  a { color: ${({ theme }) => theme.color.primary}; min-height: 44px; display: inline-grid; place-items: center; }
`;
