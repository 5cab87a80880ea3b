import { useLingui } from '@/lib/i18n/react';
import { Trans } from '@/lib/i18n/trans';
import { useState } from 'react';
import styled from 'styled-components';
import exampleUrl from '../assets/example-item.svg';

/** The start view: the plus button (Camera or Gallery), the example photo and the health/durability instruction. */
export function StartView({ busy, onCamera, onGallery }: { busy: boolean; onCamera: () => void; onGallery: () => void }) {
  const { _ } = useLingui();
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <Wrap>
      <Picker>
        <Plus
          type="button"
          aria-label={_('Add a photo of your item')}
          aria-expanded={menuOpen}
          aria-haspopup="menu"
          disabled={busy}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {busy ? <Spinner aria-hidden="true" /> : <span aria-hidden="true">+</span>}
        </Plus>
        <p>{busy ? _('Processing photo...') : _('Add a photo of your item')}</p>
        {menuOpen && !busy && (
          <Menu role="menu" aria-label={_('Photo source')}>
            <MenuItem
              type="button"
              role="menuitem"
              onClick={() => {
                setMenuOpen(false);
                onCamera();
              }}
            >
              <Glyph d="M9 4h6l1.5 2H20a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h3.5L9 4Zm3 4a4.5 4.5 0 1 0 0 9 4.5 4.5 0 0 0 0-9Zm0 2a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5Z" />{' '}
              {_('Camera')}
            </MenuItem>
            <MenuItem
              type="button"
              role="menuitem"
              onClick={() => {
                setMenuOpen(false);
                onGallery();
              }}
            >
              <Glyph d="M4 4h16a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1Zm1 2v9.5l4-4 3.5 3.5 2.5-2.5 4 4V6H5Zm11 1.5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3Z" />{' '}
              {_('Gallery')}
            </MenuItem>
          </Menu>
        )}
        <Steps aria-label={_('How selling works')}>
          <li>
            <b>1</b> {_('Photo of the item')}
          </li>
          <li>
            <b>2</b> {_('Category, payout and quantity')}
          </li>
          <li>
            <b>3</b> {_('An admin reviews it and schedules a pickup')}
          </li>
        </Steps>
      </Picker>
      <Example>
        <img src={exampleUrl} alt={_('Example photo: the item with its durability and health bars visible')} width={360} height={220} />
        <figcaption>
          <Trans
            id="<0>Include health/durability.</0> Take the photo so the item's health or durability shows clearly, like this example."
            components={{ 0: <strong /> }}
          />
        </figcaption>
      </Example>
    </Wrap>
  );
}

function Glyph({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path fill="currentColor" fillRule="evenodd" d={d} />
    </svg>
  );
}

const Wrap = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
  @media (min-width: 768px) {
    grid-template-columns: 1fr 1fr;
    align-items: start;
  }
`;

const Picker = styled.div`
  position: relative;
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(6)} ${({ theme }) => theme.space(4)};
  border: 2px dashed ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  p {
    margin: 0;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

const Steps = styled.ol`
  list-style: none;
  margin: ${({ theme }) => theme.space(3)} 0 0;
  padding: ${({ theme }) => theme.space(3)} 0 0;
  width: 100%;
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  border-top: 1px solid ${({ theme }) => theme.color.border};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.9rem;
  li {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
  }
  b {
    width: 1.5rem;
    height: 1.5rem;
    flex: none;
    display: inline-grid;
    place-items: center;
    border-radius: 999px;
    background: ${({ theme }) => theme.color.surfaceRaised};
    color: ${({ theme }) => theme.color.accent};
    font-size: 0.8rem;
  }
`;

const Plus = styled.button`
  width: 88px;
  height: 88px;
  border-radius: 999px;
  border: none;
  display: grid;
  place-items: center;
  font-size: 3rem;
  font-weight: 300;
  line-height: 1;
  color: #fff;
  background: linear-gradient(135deg, ${({ theme }) => theme.color.primary}, #7b5cfa);
  box-shadow: 0 10px 30px rgba(91, 124, 250, 0.45);
  &:active {
    transform: scale(0.96);
  }
`;

const Spinner = styled.span`
  width: 36px;
  height: 36px;
  border-radius: 999px;
  border: 4px solid rgba(255, 255, 255, 0.35);
  border-top-color: #fff;
  animation: spin 0.8s linear infinite;
  @keyframes spin {
    to {
      transform: rotate(360deg);
    }
  }
`;

const Menu = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${({ theme }) => theme.space(2)};
  width: min(100%, 18rem);
`;

const MenuItem = styled.button`
  min-height: 52px;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surfaceRaised};
  font-weight: 700;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(2)};
`;

const Example = styled.figure`
  margin: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  img {
    width: 100%;
    height: auto;
    border-radius: ${({ theme }) => theme.radius.lg};
  }
  figcaption {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 0.95rem;
  }
  strong {
    color: ${({ theme }) => theme.color.text};
  }
`;
