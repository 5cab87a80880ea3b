import styled from 'styled-components';

/**
 * The signed-out screens' backdrop: the landing page and the centred card of auth-layout.tsx. A module of its own so
 * the landing page, in every first download, does not bring the card's parts with it (login and sign-up load those).
 */
export const Screen = styled.main`
  flex: 1;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(5)};
  padding: ${({ theme }) => theme.space(8)} ${({ theme }) => theme.space(4)}
    calc(${({ theme }) => theme.space(8)} + env(safe-area-inset-bottom));
  background:
    radial-gradient(120% 60% at 50% -10%, rgba(91, 124, 250, 0.28), transparent 60%),
    radial-gradient(80% 50% at 100% 110%, rgba(255, 200, 61, 0.12), transparent 60%);
`;
