import { useEffect } from 'react';
import { screenSizeOf } from '../state/rules';
import { useAppState } from '../state/store';

/** Keeps the screen-size class (xs…xl) of the state in step with the window. */
export const useScreenSizeTracking = (): void => {
  const setScreen = useAppState((s) => s.setScreen);
  useEffect(() => {
    const update = () => setScreen(screenSizeOf(window.innerWidth));
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, [setScreen]);
};
