import { act, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../shared/i18n';
import { Stage } from './Stage';

// Decision 063: the scene is centred in the first frame's rendering, not in React's commit.
// Reading the scene's size in the commit forced a layout of the whole scene in the commit's task,
// one long task on a phone's CPU (Lighthouse's total blocking time).

const frames: FrameRequestCallback[] = [];
const runFrames = () => act(() => frames.splice(0).forEach((frame) => frame(0)));

/** A viewport 390 px wide showing a scene 1,350 px wide (a phone held upright). */
const sizes = (reads: string[]) => {
  const define = (name: 'scrollWidth' | 'clientWidth', value: number) =>
    vi.spyOn(HTMLElement.prototype, name, 'get').mockImplementation(function (this: HTMLElement) {
      if (this.dataset.testid === 'hall-viewport') reads.push(name);
      return value;
    });
  define('scrollWidth', 1350);
  define('clientWidth', 390);
};

beforeEach(() => {
  frames.length = 0;
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((frame) => frames.push(frame));
  vi.spyOn(window, 'cancelAnimationFrame').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('the stage of a drawn hall', () => {
  it("is the page's main landmark, with the hall's heading and scene in it (axe 'region', issue 56, item 14)", () => {
    render(
      <Stage title="Hall de entrada">
        <rect width="10" height="10" />
      </Stage>,
    );
    const main = screen.getByRole('main');
    expect(main).toBe(screen.getByTestId('hall-viewport'));
    expect(within(main).getByRole('heading', { level: 1, name: 'Hall de entrada' })).toBeInTheDocument();
    expect(within(main).getByRole('group', { name: 'Hall de entrada' })).toBeInTheDocument();
  });

  it('reads no size while React commits, and is centred in the next frame, before it is painted', () => {
    const reads: string[] = [];
    sizes(reads);
    render(
      <Stage title="Hall de entrada">
        <rect width="10" height="10" />
      </Stage>,
    );
    expect(reads).toEqual([]);
    const viewport = screen.getByTestId('hall-viewport');
    expect(viewport.scrollLeft).toBe(0);

    runFrames();
    expect(reads.length).toBeGreaterThan(0);
    expect(viewport.scrollLeft).toBe(480);
    // Wider than the screen: both arrows and the swipe hint.
    expect(screen.getByText('← Deslize para os lados para explorar →')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ver mais à esquerda' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ver mais à direita' })).toBeInTheDocument();
  });

  it('leaves a scene that fits the screen as it is, with no arrows', () => {
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(1920);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1920);
    render(
      <Stage title="Hall de entrada">
        <rect width="10" height="10" />
      </Stage>,
    );
    runFrames();
    expect(screen.getByTestId('hall-viewport').scrollLeft).toBe(0);
    expect(screen.queryByRole('button', { name: 'Ver mais à esquerda' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ver mais à direita' })).toBeNull();
  });

  it('brings a part reached with Tab and shown only in part whole into view (issue 56, item 5)', () => {
    sizes([]);
    render(
      <Stage title="Pavilhão Ouro">
        <a href="/porta" aria-label="Ir para: Congresso 1">
          <rect width="10" height="10" />
        </a>
        <a href="/estande" aria-label="Estande Aurora">
          <rect width="10" height="10" />
        </a>
      </Stage>,
    );
    runFrames();
    const viewport = screen.getByTestId('hall-viewport');
    expect(viewport.scrollLeft).toBe(480);
    const box = (left: number, width: number) => ({
      left,
      right: left + width,
      width,
      top: 0,
      bottom: 100,
      height: 100,
      x: left,
      y: 0,
      toJSON: () => ({}),
    });
    vi.spyOn(viewport, 'getBoundingClientRect').mockReturnValue(box(0, 390));
    const whole = screen.getByRole('link', { name: 'Estande Aurora' });
    vi.spyOn(whole, 'getBoundingClientRect').mockReturnValue(box(100, 120));
    act(() => whole.focus());
    // Shown whole: the view stays.
    expect(viewport.scrollLeft).toBe(480);
    const cut = screen.getByRole('link', { name: 'Ir para: Congresso 1' });
    vi.spyOn(cut, 'getBoundingClientRect').mockReturnValue(box(340, 100));
    act(() => cut.focus());
    // Cut at the right edge: its middle (390) comes to the screen's (195).
    expect(viewport.scrollLeft).toBe(480 + 390 - 195);
  });

  it('asks for no frame once it is gone', () => {
    const { unmount } = render(
      <Stage title="Hall de entrada">
        <rect width="10" height="10" />
      </Stage>,
    );
    unmount();
    expect(window.cancelAnimationFrame).toHaveBeenCalled();
  });
});
