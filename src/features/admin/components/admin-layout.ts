import styled from 'styled-components';
import { fromTablet } from '@/components/theme';

/** Layout of the admin screens: tablet first, list and detail side by side from 768 px, stacked on phones. */
export const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
`;

export const Row = styled.div<{ $wrap?: boolean }>`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  flex-wrap: ${({ $wrap = true }) => ($wrap ? 'wrap' : 'nowrap')};
  align-items: center;
`;

/** List on the left, detail on the right from 768 px; stacked on phones. */
export const Split = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  grid-template-columns: 1fr;
  align-items: start;
  ${fromTablet} {
    grid-template-columns: minmax(15rem, 2fr) 3fr;
  }
`;

export const Columns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  grid-template-columns: 1fr;
  ${fromTablet} {
    grid-template-columns: 1fr 1fr;
  }
  h3 {
    font-size: 1.1rem;
    margin-bottom: ${({ theme }) => theme.space(2)};
  }
`;

export const ListColumn = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  ${fromTablet} {
    max-height: calc(100dvh - 16rem);
    overflow: auto;
    padding-right: ${({ theme }) => theme.space(1)};
  }
`;

export const ListButton = styled.button<{ $selected?: boolean }>`
  width: 100%;
  min-height: 64px;
  text-align: left;
  display: grid;
  grid-template-columns: 1fr auto;
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 2px solid ${({ theme, $selected }) => ($selected ? theme.color.primary : theme.color.border)};
  background: ${({ theme, $selected }) =>
    $selected ? `color-mix(in srgb, ${theme.color.primary} 22%, ${theme.color.surfaceRaised})` : theme.color.surfaceRaised};
  small {
    color: ${({ theme }) => theme.color.textMuted};
    grid-column: 1 / -1;
  }
  strong {
    overflow-wrap: anywhere;
  }
  /* Pressed: the tap's own answer, painted at once while what it opens follows (a dialog opens in a transition). */
  &:active {
    filter: brightness(0.92);
  }
`;

export const DetailPanel = styled.section`
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surfaceRaised};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  min-width: 0;
`;
