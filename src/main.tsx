import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRoot } from './app/app-root';
import { applyAppearance } from './lib/appearance';
import { BACKGROUND_START_FAILED_TEXT } from './lib/background-start-messages';
import { showToast } from './components/toast-store';
import { createAppRouter } from './app/router';
import { setUnauthorizedHandler } from './lib/api-client';
import { clearCurrentUser, getCurrentUserName } from './lib/current-user';
import { rememberSignedInUser } from './lib/forget-user';
import { finishHandOver, takeOverPrerendered } from './lib/prerender-handoff';
import { captureInstallPrompt } from './lib/install-prompt';
import { createQueryClient } from './lib/query-client';
import { activateLocale, startLocale } from './lib/i18n/i18n';

// The player's light or dark choice, before anything is drawn by the app.
applyAppearance();
// The browser's install prompt may come before any screen is up: it is kept for the install offer (never shown on load).
captureInstallPrompt();
const queryClient = createQueryClient();
// The router (creating it builds the route tree) and the first render start in the task after the one that evaluated
// the modules: on a slow phone the two together were one long task, and the drawn screen needs neither to show.
// The language's texts come first (one catalogue, precached by the service worker): the screens read them. English
// waits for its own too: its ids are its words, but a message with a count or a name in it is only formatted from the
// compiled catalogue (the production build carries no compiler), and rendering before it warned once per text. The
// server sent a drawn screen in this language already (the `lang` cookie or Accept-Language): it shows meanwhile.
const locale = startLocale();
// The language the server drew the screen in, read before the app sets <html lang> to its own.
const drawnIn = document.documentElement.lang;
const texts = activateLocale(locale).catch((error: unknown) => console.error('The texts of the language could not be loaded', error));
void texts.finally(() => setTimeout(start, 0));

function start() {
  const router = createAppRouter(queryClient);
  // The service worker keeps photos per signed-in user (issue 29.6): name the stored user for it, also for a session
  // stored by an earlier version of the app.
  const signedIn = getCurrentUserName();
  if (signedIn) void rememberSignedInUser(signedIn);

  // A 401 means the session is gone (the server authorises from the session cookie alone): forget the stored user and go to /login.
  setUnauthorizedHandler(() => {
    clearCurrentUser();
    queryClient.clear();
    void router.navigate({ to: '/login' });
  });

  const root = document.getElementById('root')!;

  // A screen the server sent already drawn is hydrated once its route's code is here (the same tree the build rendered),
  // so it never blinks or shifts and React's work is cut into short tasks; what the visitor typed into it meanwhile is
  // carried over (src/lib/prerender-handoff.ts).
  // The build drew the signed-out screens in every language and the server sent the visitor's: a screen drawn in the
  // language the app starts in is taken over (its texts are loaded by now); one in another language is drawn anew.
  if (drawnIn === locale && takeOverPrerendered(root)) {
    // The build drew the screen as the router draws on a server: without a Suspense boundary around the root match.
    // Marking the router as hydrating from such markup makes it draw the same tree, so React keeps the drawn DOM.
    router.ssr = { manifest: undefined };
    // Hydrated as a transition, React works in slices of a few milliseconds and lets the browser in between: the drawn
    // screen already shows everything, so nothing is urgent, and a phone's main thread is never held for long (at 4×
    // CPU one blocking hydration was a task of well over 100 ms).
    void router.load().finally(() =>
      startTransition(() => {
        hydrateRoot(root, <AppRoot queryClient={queryClient} router={router} onCommitted={finishHandOver} />, {
          onRecoverableError: reportHydrationMismatch,
        });
      }),
    );
  } else {
    createRoot(root).render(<AppRoot queryClient={queryClient} router={router} />);
  }
}

/**
 * The drawn screen leaves the boundaries of lazily loaded parts (toasts, the offline layer) to the browser on purpose;
 * that is not worth a console error. Anything else — markup that did not match — is reported, and React draws again.
 */
function reportHydrationMismatch(error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  // React's development message, and its production code (#419) for the same case.
  if (/server rendering aborted|error #419/.test(message)) return;
  console.error(error);
}

// The service worker and the outbox drain start once the first screen is up and the browser has a quiet moment (their
// code is a chunk of its own): on a slow phone its evaluation would otherwise land among the first screen's own work.
// The features' outbox senders are installed first, so the first drain knows how to send a queued sell or purchase
// (a drain that ran before would leave such items queued, never lose them).
// If that code cannot load (a flaky network, a deploy that removed the old chunks), the outbox would never start and
// nothing would say so (issue 30 item 10): the player is told, and it is tried again when the network comes back.
let backgroundLoading = false;
let backgroundStarted = false;
const startBackground = () => {
  if (backgroundLoading || backgroundStarted) return;
  backgroundLoading = true;
  void Promise.all([import('./app/background-tables'), import('./lib/background-start')])
    .then(([{ OUTBOX_SENDERS, LIST_REFRESHES }, m]) => {
      backgroundStarted = true;
      m.startInBackground(queryClient, { senders: OUTBOX_SENDERS, refreshes: LIST_REFRESHES });
    })
    .catch((error: unknown) => {
      console.error('The background start failed to load', error);
      showToast({ variant: 'destructive', title: 'Not fully loaded', description: BACKGROUND_START_FAILED_TEXT, duration: 10_000 });
      window.addEventListener('online', startBackground, { once: true });
      setTimeout(startBackground, 30_000);
    })
    .finally(() => {
      backgroundLoading = false;
    });
};
if ('requestIdleCallback' in window) requestIdleCallback(startBackground, { timeout: 2000 });
else setTimeout(startBackground, 200);
