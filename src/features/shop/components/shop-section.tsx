import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { ItemIcon, type IconKind } from './item-icon';

export interface ShopSectionProps {
  title: string;
  subtitle: string;
  icon: IconKind;
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
}

/** A collapsible shop section: a header button with aria-expanded and a region below it. */
export function ShopSection({ title, subtitle, icon, open, onToggle, children }: ShopSectionProps) {
  const id = useId();
  return (
    <Section>
      <h2>
        <Header type="button" aria-expanded={open} aria-controls={`${id}-panel`} id={`${id}-header`} onClick={onToggle}>
          <Badge>
            <ItemIcon kind={icon} size={28} />
          </Badge>
          <Text>
            <span>{title}</span>
            <small>{subtitle}</small>
          </Text>
          <Chevron $open={open} aria-hidden="true">
            {'▾'}
          </Chevron>
        </Header>
      </h2>
      {open && (
        <Panel id={`${id}-panel`} role="region" aria-labelledby={`${id}-header`}>
          {children}
        </Panel>
      )}
    </Section>
  );
}

const Section = styled.section`
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  overflow: visible;
  h2 {
    font-size: inherit;
  }
`;

const Header = styled.button`
  width: 100%;
  min-height: 64px;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border: none;
  background: transparent;
  text-align: left;
  border-radius: ${({ theme }) => theme.radius.lg};
`;

const Badge = styled.span`
  width: 44px;
  height: 44px;
  flex: none;
  display: grid;
  place-items: center;
  border-radius: ${({ theme }) => theme.radius.md};
  background: linear-gradient(135deg, ${({ theme }) => theme.color.primary}, #7b5cfa);
  color: #fff;
`;

const Text = styled.span`
  flex: 1;
  display: flex;
  flex-direction: column;
  span {
    font-size: 1.1rem;
    font-weight: 800;
  }
  small {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 0.85rem;
    font-weight: 400;
  }
`;

const Chevron = styled.span<{ $open: boolean }>`
  font-size: 1.2rem;
  color: ${({ theme }) => theme.color.textMuted};
  transform: rotate(${({ $open }) => ($open ? '180deg' : '0deg')});
  transition: transform 0.2s ease;
`;

const Panel = styled.div`
  padding: 0 ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  @media (min-width: 480px) {
    padding: 0 ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(4)};
  }
`;
