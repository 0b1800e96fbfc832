import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createQueryClient, createRouter } from './App';
import { prefetchHall } from './platform/hall-page/prefetch';
import { changeLanguage } from './shared/i18n';
import { useAppState } from './shared/state/store';

// A stored EN/AL choice loads its pack; PT (bundled) is on screen meanwhile and stays on failure.
const stored = useAppState.getState().language;
if (stored !== 'pt') void changeLanguage(stored);

// The first render at a transition's priority: React builds the page in slices of a few
// milliseconds and lets the browser in between, instead of one long task (on a phone's CPU the
// entrance's first render is about a second of main thread; Lighthouse's total blocking time).
const queryClient = createQueryClient();
// Each step of the start in a task of its own, after the one that evaluates the modules: on a
// phone's CPU each is tens of milliseconds (the first request's code compiled, the router's
// routes ranked), and together with the evaluation they made one long task (decision 063).
const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
async function start() {
  // A hall's data is asked for now, before React renders the page (not once it has).
  const hallRead = prefetchHall(queryClient, window.location.pathname);
  await nextTask();
  const router = createRouter();
  const root = createRoot(document.getElementById('root') as HTMLElement);
  const render = () =>
    startTransition(() => {
      root.render(
        <StrictMode>
          <App router={router} queryClient={queryClient} />
        </StrictMode>,
      );
    });
  // The router's provider listens to it only once React has committed the page: a lazy page (the
  // public site's, the back office) that finished loading during the sliced render would go
  // unheard and the page stay on 'Carregando…'. So such a page is rendered once its router is
  // ready (the loading shell is on screen meanwhile); a drawn hall's router is ready at once.
  // A drawn hall is rendered once its reads have answered (the loading shell is on screen
  // meanwhile), so it is drawn once with its data: rendered at once, the empty hall was committed,
  // laid out, then drawn again as each answer came, in tasks React cannot slice (an answer reaches
  // the page through useSyncExternalStore). A server slower than HALL_WAIT_MS gets the empty hall
  // and its spinner as before. Other pages start no read and render at once (decision 062).
  const HALL_WAIT_MS = 2500;
  if (router.state.initialized) void Promise.race([hallRead, new Promise((resolve) => setTimeout(resolve, HALL_WAIT_MS))]).then(render);
  else {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      render();
    });
  }
}
void nextTask().then(start);
