import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { ArrowLeftIcon } from './icons';

/** The top bar of a screen: an optional back link to `backTo`, a title and trailing actions. */
export function PageHeader({
  title,
  backTo,
  backLabel = 'Back to Home',
  actions,
  subtitle,
}: {
  title: ReactNode;
  backTo?: '/' | '/my-activity' | '/buy' | '/sell';
  backLabel?: string;
  actions?: ReactNode;
  subtitle?: ReactNode;
}) {
  return (
    <Bar>
      {backTo && (
        <BackLink to={backTo} aria-label={backLabel}>
          <ArrowLeftIcon size={22} />
        </BackLink>
      )}
      <Titles>
        <h1>{title}</h1>
        {subtitle && <p>{subtitle}</p>}
      </Titles>
      {actions}
    </Bar>
  );
}

const Bar = styled.header`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)} 0;
`;

/** A round back arrow link, 44px. */
export const BackLink = styled(Link)`
  width: ${({ theme }) => theme.touch};
  height: ${({ theme }) => theme.touch};
  flex: none;
  display: grid;
  place-items: center;
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surfaceRaised};
  color: ${({ theme }) => theme.color.text};
`;

const Titles = styled.div`
  flex: 1;
  min-width: 0;
  h1 {
    font-size: clamp(1.35rem, 5vw, 1.8rem);
    font-weight: 800;
    letter-spacing: -0.01em;
  }
  p {
    margin: 2px 0 0;
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 0.9rem;
  }
`;

/** The centred column every customer screen sits in: full width on phones, capped on tablets. */
export const Page = styled.main`
  width: 100%;
  max-width: 960px;
  margin: 0 auto;
  padding: 0 ${({ theme }) => theme.space(4)} calc(${({ theme }) => theme.space(8)} + env(safe-area-inset-bottom));
  flex: 1;
`;
