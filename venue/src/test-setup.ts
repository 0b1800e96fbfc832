import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy… and waitFor give up after 5 s, not 1 s: on a shared 2-core machine under load a
// screen can take longer than a second to settle (issue 20: LectureScreen failed so, alone it
// passed). A passing test is not slower; only a failing one waits longer to say so.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
