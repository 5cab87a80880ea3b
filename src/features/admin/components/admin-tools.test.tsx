import { render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { AppProviders } from '@/test/providers';
import { createQueryClient } from '@/lib/query-client';
import { data, resetData, server } from '../testing/admin-server';
import { ContactDialog } from './contact-dialog';
import { COPY_REFUSED_TEXT } from './copy-value';
import { ProofPhotoField } from './proof-photo-field';
import { makePickup, makeSubmission } from '../testing/fixtures';
import { renderAdminControl } from '../testing/render-admin';
import { deleteTestDb } from '@/test/idb';

const renderWithProviders = (ui: React.ReactNode) => render(<AppProviders queryClient={createQueryClient()}>{ui}</AppProviders>);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => resetData());
afterEach(async () => {
  vi.restoreAllMocks();
  server.resetHandlers();
  await deleteTestDb();
});
afterAll(() => server.close());

describe('copy buttons in Submission Details & Contact', () => {
  const contact = {
    username: 'zoe',
    contactEmail: 'zoe@mail.test',
    ps5Username: 'ZoePlays',
    robloxUsername: 'ZoeBlox',
    isAdmin: false,
    isSuperAdmin: false,
  };

  it('when Copy beside the Roblox name is tapped, then the name is on the clipboard and "Roblox name copied" is said', async () => {
    const user = userEvent.setup();
    data.contacts = { zoe: contact };
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    renderWithProviders(<ContactDialog username="zoe" onClose={() => {}} />);
    const section = await screen.findByRole('region', { name: 'Contact information' });
    await user.click(await within(section).findByRole('button', { name: 'Copy Roblox name' }));
    expect(writeText).toHaveBeenLastCalledWith('ZoeBlox');
    expect(await navigator.clipboard.readText()).toBe('ZoeBlox');
    expect(within(section).getByText('Roblox name copied')).toHaveAttribute('aria-live', 'polite');
    expect(within(section).getByRole('button', { name: 'Copy Roblox name' })).toHaveTextContent('Copied');

    await user.click(within(section).getByRole('button', { name: 'Copy PS5 name' }));
    expect(await navigator.clipboard.readText()).toBe('ZoePlays');
    await user.click(within(section).getByRole('button', { name: 'Copy email' }));
    expect(await navigator.clipboard.readText()).toBe('zoe@mail.test');
  });

  it('when the browser refuses the clipboard, then it says how to copy by hand and the value stays on screen', async () => {
    const user = userEvent.setup();
    data.contacts = { zoe: contact };
    renderWithProviders(<ContactDialog username="zoe" onClose={() => {}} />);
    const section = await screen.findByRole('region', { name: 'Contact information' });
    const button = await within(section).findByRole('button', { name: 'Copy PS5 name' });
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    await user.click(button);
    expect(await within(section).findByText(COPY_REFUSED_TEXT)).toHaveAttribute('role', 'status');
    expect(within(section).getByText('ZoePlays')).toBeInTheDocument();
  });
});

describe('the handover photo picker', () => {
  it('when it opens, then it offers "Take photo" (the rear camera) and "Choose from library", not a bare file control', () => {
    renderWithProviders(<ProofPhotoField value={null} onChange={() => {}} />);
    const group = screen.getByRole('group', { name: 'Handover photo (optional)' });
    expect(within(group).getByRole('button', { name: /Take photo/ })).toBeInTheDocument();
    expect(within(group).getByRole('button', { name: 'Choose from library' })).toBeInTheDocument();
    expect(screen.getByTestId('proof-photo-camera')).toHaveAttribute('capture', 'environment');
    expect(screen.getByTestId('proof-photo-library')).not.toHaveAttribute('capture');
  });

  it('when a file that is not an image is chosen, then it says so and the chosen photo stays', async () => {
    const user = userEvent.setup({ applyAccept: false, pointerEventsCheck: 0 });
    const onChange = vi.fn();
    const photo = new Blob(['jpeg'], { type: 'image/jpeg' });
    renderWithProviders(<ProofPhotoField value={photo} onChange={onChange} />);
    expect(screen.getByRole('img', { name: 'Handover photo' })).toBeInTheDocument();
    await user.upload(screen.getByTestId('proof-photo-library'), new File(['%PDF'], 'receipt.pdf', { type: 'application/pdf' }));
    expect(screen.getByRole('alert')).toHaveTextContent('“receipt.pdf” is not a photo. Choose a JPEG, PNG or WebP image.');
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('img', { name: 'Handover photo' })).toBeInTheDocument();
  });

  it('when a photo is too large, then it says its size and the limit, and nothing is chosen', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const onChange = vi.fn();
    renderWithProviders(<ProofPhotoField value={null} onChange={onChange} />);
    const huge = new File(['x'], 'huge.jpg', { type: 'image/jpeg' });
    Object.defineProperty(huge, 'size', { value: 40 * 1024 * 1024 });
    await user.upload(screen.getByTestId('proof-photo-camera'), huge);
    expect(screen.getByRole('alert')).toHaveTextContent('That photo is too large (40 MB). Choose one under 30 MB.');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('when a photo is chosen, then Remove photo clears it', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(<ProofPhotoField value={new Blob(['jpeg'], { type: 'image/jpeg' })} onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Remove photo' }));
    expect(onChange).toHaveBeenCalledWith(null);
  });
});

describe('the handover proof on collected and paid cards', () => {
  const collectedStep = (pickupId: number) => ({
    from: 'scheduled',
    to: 'collected',
    actorName: 'carol',
    at: '2026-03-07T16:10:00.000Z',
    note: 'Met at the fountain, traded in-game',
    photoUrl: `/api/images/proof-${pickupId}.jpg`,
    thumbnailUrl: `/api/images/proof-${pickupId}-thumb.jpg`,
  });

  it('when a collected card shows, then its handover photo thumbnail and note are on it, and the photo opens full size', async () => {
    const user = userEvent.setup();
    const sold = makeSubmission({ ps5Name: 'Axe', status: 'scheduled' });
    const pickup = makePickup(sold, { completed: true, completedAt: '2026-03-07T16:10:00.000Z', collectedAt: '2026-03-07T16:10:00.000Z' });
    data.pickups = [pickup];
    data.history = { [`pickup/${pickup.id}`]: [collectedStep(pickup.id)] };
    renderAdminControl();
    await user.click(screen.getByRole('button', { name: 'Collected' }));
    const card = await screen.findByRole('listitem', { name: 'Axe' });
    const proof = await within(card).findByRole('region', { name: 'Handover proof' });
    expect(proof).toHaveTextContent('Met at the fountain, traded in-game');
    expect(proof.querySelector('img')).toHaveAttribute('src', `/api/images/proof-${pickup.id}-thumb.jpg`);
    await user.click(within(proof).getByRole('button', { name: `View full-size handover photo of #${sold.id}` }));
    const viewer = await screen.findByRole('dialog', { name: `Handover photo of submission #${sold.id}` });
    expect(within(viewer).getByRole('img')).toHaveAttribute('src', `/api/images/proof-${pickup.id}.jpg`);
  });

  it('when a paid pickup is opened from Paid, then its details show the handover note and photo', async () => {
    const user = userEvent.setup();
    const sold = makeSubmission({ ps5Name: 'Rare hat', status: 'scheduled' });
    const pickup = makePickup(sold, {
      completed: true,
      paid: true,
      collectedAt: '2026-03-07T16:10:00.000Z',
      paidAt: '2026-03-08T09:00:00.000Z',
    });
    data.pickups = [pickup];
    data.history = {
      [`pickup/${pickup.id}`]: [
        collectedStep(pickup.id),
        { ...collectedStep(pickup.id), from: 'collected', to: 'paid', note: null, photoUrl: null, thumbnailUrl: null },
      ],
    };
    renderAdminControl();
    await user.click(screen.getByRole('button', { name: 'Paid' }));
    await user.click(within(await screen.findByRole('region', { name: 'Paid' })).getByRole('button', { name: /Rare hat/ }));
    const details = screen.getByRole('dialog', { name: 'Submission Details & Contact' });
    const proof = await within(details).findByRole('region', { name: 'Handover proof' });
    expect(proof).toHaveTextContent('Met at the fountain, traded in-game');
    expect(within(proof).getByRole('button', { name: /View full-size handover photo/ })).toBeInTheDocument();
  });

  it('when a pickup is still scheduled, or was collected without photo or note, then no proof shows', async () => {
    const user = userEvent.setup();
    const waiting = makePickup(makeSubmission({ ps5Name: 'Axe' }));
    const bare = makePickup(makeSubmission({ ps5Name: 'Bat' }), { completed: true, collectedAt: '2026-03-07T16:10:00.000Z' });
    data.pickups = [waiting, bare];
    const asked: string[] = [];
    server.use(
      http.get('/api/history/pickup/:id', ({ params }) => {
        asked.push(String(params.id));
        return HttpResponse.json([{ ...collectedStep(bare.id), note: null, photoUrl: null, thumbnailUrl: null }]);
      }),
    );
    const { queryClient } = renderAdminControl();
    await user.click(screen.getByRole('button', { name: 'Collected' }));
    const card = await screen.findByRole('listitem', { name: 'Bat' });
    // The timeline was read and answered: still nothing to show.
    await waitFor(() => expect(queryClient.getQueryState(['history', 'pickup', bare.id])?.status).toBe('success'));
    expect(asked).toEqual([String(bare.id)]);
    expect(asked).not.toContain(String(waiting.id));
    expect(within(card).queryByRole('region', { name: 'Handover proof' })).not.toBeInTheDocument();
  });
});

/**
 * jsdom lays nothing out: the grids' scroll box (Admin Control's body, the nearest ancestor that scrolls) gets a
 * tablet's height and each measured card a card's height, so the virtualiser has a window to fill.
 */
function layOutGrids() {
  const scrolls = new WeakMap<HTMLElement, boolean>();
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      if (!scrolls.has(this)) scrolls.set(this, getComputedStyle(this).overflow === 'auto');
      return scrolls.get(this) ? 700 : 0;
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.dataset.index !== undefined ? 420 : 0;
    },
  });
  onTestFinished(() => {
    delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
    delete (HTMLElement.prototype as { offsetHeight?: number }).offsetHeight;
  });
}

/** n submissions of n sellers, Glock and Golden AK-47 in turn. */
const sellers = (n: number, status: 'pending' | 'scheduled') =>
  Array.from({ length: n }, (_, i) =>
    makeSubmission({ id: i + 1, submittedBy: `seller${i + 1}`, ps5Name: i % 2 ? 'Glock' : 'Golden AK-47', status }),
  );

/** The grid named `name` is the windowed one: a few of its `size` cards are drawn, each told its place in all. */
async function expectWindow(name: string, size: number) {
  const grid = await screen.findByRole('list', { name });
  expect(grid).toHaveAttribute('data-testid', 'virtual-grid');
  const cards = await within(grid).findAllByRole('listitem');
  expect(cards.length).toBeGreaterThan(0);
  expect(cards.length).toBeLessThan(30);
  expect(cards[0]).toHaveAttribute('aria-setsize', String(size));
  expect(cards[0]).toHaveAttribute('aria-posinset', '1');
}

/** Searches `text` in the list's box and waits for the grid `name` to show one card. */
async function searchToOne(user: ReturnType<typeof userEvent.setup>, text: string, name: string) {
  // Pasted: ten keystrokes each re-rendering thousands of records took most of the test's time on a loaded machine.
  await user.click(screen.getByRole('searchbox', { name: 'Search by player or item' }));
  await user.paste(text);
  await waitFor(() => expect(within(screen.getByRole('list', { name })).getAllByRole('listitem')).toHaveLength(1));
}

// Thousands of records rendered in jsdom: 11-13 s alone, over 15 s while the machine is loaded; 45 s allowed.
describe('admin card grids with thousands of records', () => {
  it('when 2,000 submissions are pending, then the grid draws a window of cards (no Show more), and a search narrows it to one', async () => {
    layOutGrids();
    const user = userEvent.setup();
    data.submissions = sellers(2000, 'pending');
    renderAdminControl();
    await user.click(await screen.findByRole('button', { name: /User Item Submissions/ }));
    await expectWindow('Pending submissions', 2000);
    expect(screen.queryByRole('button', { name: /Show more/ })).not.toBeInTheDocument();

    await searchToOne(user, 'seller1234', 'Pending submissions');
    expect(screen.getByRole('listitem', { name: 'Glock' })).toHaveTextContent('seller1234');
  }, 45_000);

  it('when 500 pickups are scheduled, then their grid is the same windowed grid (a few cards, each told its place of 500), and a search narrows it', async () => {
    layOutGrids();
    const user = userEvent.setup();
    data.submissions = sellers(500, 'scheduled');
    data.pickups = data.submissions.map((submission) => makePickup(submission));
    renderAdminControl();
    await user.click(await screen.findByRole('button', { name: 'Scheduled pickups' }));
    await expectWindow('Scheduled pickups', 500);

    await searchToOne(user, 'seller321', 'Scheduled pickups');
  }, 45_000);
});
