import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/test/providers';
import { createQueryClient } from '@/lib/query-client';
import { captureInstallPrompt, INSTALL_OFFER_KEY, IOS_SHEET_KEY } from '@/lib/install-prompt';
import { InstallOffer } from './install-offer';

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';

const renderOffer = () =>
  render(
    <AppProviders queryClient={createQueryClient()}>
      <InstallOffer />
    </AppProviders>,
  );

/** The browser offering to install: a beforeinstallprompt with prompt() and the player's choice. */
function offerInstall(outcome: 'accepted' | 'dismissed') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => undefined),
    userChoice: Promise.resolve({ outcome }),
  });
  act(() => void window.dispatchEvent(event));
  return event;
}

beforeAll(() => captureInstallPrompt());

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('InstallOffer', () => {
  it('when the browser has not offered to install, then nothing shows', () => {
    const { container } = renderOffer();
    expect(container).toBeEmptyDOMElement();
  });

  it('when the browser offers, then Install app shows the browser prompt once and the answer is remembered', async () => {
    const event = offerInstall('accepted');
    // The browser's own banner is held back for the app's button.
    expect(event.defaultPrevented).toBe(true);
    renderOffer();
    await userEvent.click(screen.getByRole('button', { name: 'Install app' }));
    expect(event.prompt).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(INSTALL_OFFER_KEY)).toBe('accepted');
    expect(screen.queryByRole('region', { name: 'Install the app' })).toBeNull();
  });

  it('when the player says Not now, then the offer does not come back', async () => {
    offerInstall('dismissed');
    const first = renderOffer();
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('region', { name: 'Install the app' })).toBeNull();
    first.unmount();
    offerInstall('dismissed');
    renderOffer();
    expect(screen.queryByRole('region', { name: 'Install the app' })).toBeNull();
  });

  it('when on an iPhone, then the Add to Home Screen sheet shows the first time only', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE_UA);
    const first = renderOffer();
    const sheet = await screen.findByRole('dialog', { name: 'Add Blockspin to your Home Screen' });
    expect(sheet).toHaveTextContent('Add to Home Screen');
    expect(localStorage.getItem(IOS_SHEET_KEY)).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    first.unmount();
    renderOffer();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('when already running installed, then neither the button nor the sheet shows', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE_UA);
    Object.defineProperty(navigator, 'standalone', { value: true, configurable: true });
    try {
      offerInstall('accepted');
      const { container } = renderOffer();
      expect(container).toBeEmptyDOMElement();
    } finally {
      delete (navigator as { standalone?: boolean }).standalone;
    }
  });
});
