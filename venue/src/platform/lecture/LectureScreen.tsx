import { NotFound } from '../../shared/ui/NotFound';

/** Placeholder the issue-5 work replaces (not reachable as "done"). */
export const LectureScreen = () => <NotFound />;
