import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { fakeChatSockets } from './shared/chat/test-socket';
import { useAppState } from './shared/state/store';

// findBy… and waitFor give up after 15 s, not 1 s: on a shared 2-core machine under load a
// screen can take seconds to settle (issue 20: LectureScreen failed so, alone it passed). A
// passing test is not slower; only a failing one waits longer to say so. No test passes its own
// shorter wait: the test's own time limit (venue/vitest.config.ts) is well above this one.
configure({ asyncUtilTimeout: 15_000 });

// No test opens a real socket: the live chat's sockets are in memory (a test that looks at them
// calls fakeChatSockets() itself to get the list).
beforeEach(() => {
  fakeChatSockets();
  // No test reaches the internet: the video players' reachability probe is answered here (a
  // test that wants an unreachable host makes fetch reject).
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(null, { status: 200 })),
  );
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  // The store outlives a test: a toast left on screen would be swapped, not shown, by the next
  // test's first toast (and read by its assertions). Each test starts with none.
  useAppState.getState().hideToast();
  // The hall view is persisted: a test that picked the list leaves the next one on the scene.
  useAppState.getState().setHallView('scene');
  useAppState.getState().setHallAction(null);
});
