import { useEffect, useRef, useState, type KeyboardEvent } from 'react';

/** The account screen's sections, one tile each. */
export type Tab = 'contact' | 'sell' | 'buy';

export const TAB_ORDER: readonly Tab[] = ['contact', 'sell', 'buy'];

/** The tab an arrow, Home or End key moves to among the unlocked tabs (WAI-ARIA tabs pattern, wrapping). */
export function nextTab(tabs: readonly Tab[], current: Tab, key: string): Tab | null {
  const index = tabs.indexOf(current);
  if (tabs.length === 0) return null;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return tabs[(index + 1) % tabs.length] ?? null;
    case 'ArrowLeft':
    case 'ArrowUp':
      return tabs[(index - 1 + tabs.length) % tabs.length] ?? null;
    case 'Home':
      return tabs[0] ?? null;
    case 'End':
      return tabs[tabs.length - 1] ?? null;
    default:
      return null;
  }
}

/**
 * The tiles as WAI-ARIA tabs: which section is open (`initial` at first; the contact form while `setup` locks the
 * others), which tile Tab enters on (roving tabindex), arrow keys between the unlocked tiles, and a tap that opens a
 * section (or closes it, tapped again) and scrolls it into view.
 */
export function useAccountTabs(initial: Tab | null, setup: boolean) {
  const [tab, setTab] = useState<Tab | null>(initial);
  const panelRef = useRef<HTMLElement>(null);
  const tabRefs = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});

  useEffect(() => {
    if (setup) setTab('contact');
  }, [setup]);

  // Roving tabindex: Tab enters the tablist once, on the open tile (else the first), and arrows move between tiles.
  const unlocked = TAB_ORDER.filter((id) => id === 'contact' || !setup);
  const tabbable: Tab = tab && unlocked.includes(tab) ? tab : 'contact';
  const onTabKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const from = (event.target as HTMLElement).id.replace('tab-', '') as Tab;
    const to = nextTab(unlocked, unlocked.includes(from) ? from : tabbable, event.key);
    if (!to) return;
    event.preventDefault();
    tabRefs.current[to]?.focus();
    // Automatic activation: the focused tile's section opens (an arrow never closes it, unlike a second tap).
    setTab(to);
  };

  const open = (next: Tab) => {
    setTab((current) => (current === next ? null : next));
    requestAnimationFrame(() => panelRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' }));
  };

  return { tab, setTab, tabbable, tabRefs, panelRef, onTabKey, open };
}
