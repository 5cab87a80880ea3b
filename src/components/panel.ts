import styled from 'styled-components';

/**
 * A card of the account page's settings (passkeys, authenticator app, password reset by email, notifications): each
 * feature's panel sets its own inner layout on it.
 */
export const PanelCard = styled.section`
  margin-top: ${({ theme }) => theme.space(5)};
  padding: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
`;

/** A settings panel's muted explanation. */
export const PanelHint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.92rem;
  line-height: 1.4;
`;
