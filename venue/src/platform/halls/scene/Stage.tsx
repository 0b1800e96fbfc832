import { useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import styled, { keyframes } from 'styled-components';

/** The drawing's size: every scene is drawn on a 1920×1080 board. */
export const SCENE_WIDTH = 1920;
export const SCENE_HEIGHT = 1080;

const fadeIn = keyframes`from { opacity: 0; } to { opacity: 1; }`;
const livePulse = keyframes`0%, 100% { opacity: 1; transform: scale(1); } 50% { opacity: 0.45; transform: scale(0.8); }`;
const livePing = keyframes`0% { opacity: 0.7; transform: scale(1); } 100% { opacity: 0; transform: scale(2.6); }`;

/** The height of the band above a hall's scene on a phone, where the page's corner controls sit. */
export const PHONE_BAND = 64;

/**
 * The viewport of a hall: the scene covers it. Wider than 16:9, the board fills the width and
 * loses a band at the top and bottom (nothing important is drawn there); narrower (a phone held
 * upright), the board keeps the full height and the visitor pans sideways, starting at the centre.
 * The page's main landmark: the hall's heading and scene sit in it (axe 'region', issue 56, item 14).
 */
const Viewport = styled.main`
  position: fixed;
  inset: 0;
  overflow-x: auto;
  overflow-y: hidden;
  background: #000;
  overscroll-behavior-x: contain;
  scrollbar-width: thin;
  scrollbar-color: rgba(255, 182, 140, 0.5) transparent;
  /* SPEC §2.4 and the issue: every hall fades in over 1 s. */
  animation: ${fadeIn} 1s ease both;
  /* A phone: the language choice and the list switch get a band of their own above the scene,
     so they never cover the hall's name sign (drawn at the top centre). */
  @media (max-width: 639px) {
    top: ${PHONE_BAND}px;
  }
  svg.scene {
    display: block;
    height: 100%;
    min-width: 100%;
    aspect-ratio: 16 / 9;
    user-select: none;
  }
  /* A laptop's screen (1440×900, 16:10) or a tablet's held sideways (4:3) is narrower than the
     board but not a phone: the whole board's width is shown, with a dark band above and below,
     rather than its end doors cut and a swipe hint where nobody swipes (issue 56, item 5). */
  @media (min-width: 640px) and (min-aspect-ratio: 4 / 3) and (max-aspect-ratio: 16 / 9) {
    display: flex;
    align-items: center;
    svg.scene {
      width: 100%;
      height: auto;
      min-width: 0;
    }
  }
  .hotspot {
    cursor: pointer;
    outline: none;
  }
  .hotspot .ring {
    fill: none;
    stroke: transparent;
    stroke-width: 6;
    transition: stroke 150ms ease;
  }
  .hotspot .lift {
    transition: filter 150ms ease;
  }
  .hotspot:hover .ring {
    stroke: rgba(255, 182, 140, 0.85);
  }
  .hotspot:hover .lift {
    filter: brightness(1.18);
  }
  .hotspot:focus-visible .ring {
    stroke: #ffbf47;
    stroke-width: 8;
  }
  .hotspot:focus-visible .lift {
    filter: brightness(1.18);
  }
  /* A door's 'AO VIVO' mark: its dot pulses and sends out a ring. */
  .live-pulse,
  .live-ping {
    transform-box: fill-box;
    transform-origin: center;
  }
  .live-pulse {
    animation: ${livePulse} 1.6s ease-in-out infinite;
  }
  .live-ping {
    animation: ${livePing} 1.6s ease-out infinite;
  }
  @media (prefers-reduced-motion: reduce) {
    animation: none;
    .live-pulse,
    .live-ping {
      animation: none;
    }
    .live-ping {
      opacity: 0;
    }
  }
`;

/** Shown for a few seconds where the hall is wider than the screen (a phone held upright). */
const PanHint = styled.p`
  position: fixed;
  left: 50%;
  top: 72px;
  transform: translateX(-50%);
  z-index: 150;
  margin: 0;
  padding: 8px 16px;
  border-radius: 999px;
  background: rgba(18, 11, 7, 0.86);
  border: 1px solid rgba(255, 182, 140, 0.35);
  color: #f5f1ee;
  font-size: 0.9rem;
  font-weight: 600;
  white-space: nowrap;
  pointer-events: none;
  animation: ${keyframes`0%, 80% { opacity: 1; } 100% { opacity: 0; }`} 5s ease both;
  /* Below the name sign, over the wall: it is gone at the first swipe anyway. */
  @media (max-width: 639px) {
    top: ${PHONE_BAND + 96}px;
  }
`;

/** On a phone, the arrows at the sides pan the hall a screen at a time: every door is two taps away, not only a swipe. */
const PanButton = styled.button<{ $side: 'left' | 'right' }>`
  position: fixed;
  top: 50%;
  ${({ $side }) => $side}: 6px;
  z-index: 150;
  display: grid;
  place-items: center;
  width: 44px;
  height: 44px;
  margin-top: -22px;
  padding: 0;
  border-radius: 50%;
  border: 1px solid rgba(255, 182, 140, 0.45);
  background: rgba(18, 11, 7, 0.8);
  color: #f5f1ee;
  cursor: pointer;
  &:hover {
    background: rgba(163, 65, 0, 0.8);
  }
  &:focus-visible {
    outline: 3px solid #ffbf47;
    outline-offset: 2px;
  }
`;

/** How far an arrow pans: most of a screen, so a part cut at the edge comes whole into view. */
const PAN_STEP = 0.7;

export const Stage = ({ title, children, defs }: { title: string; children: ReactNode; defs?: ReactNode }) => {
  const { t } = useTranslation();
  const viewport = useRef<HTMLDivElement>(null);
  const [pannable, setPannable] = useState(false);
  const [swiped, setSwiped] = useState(false);
  /** Whether the hall goes on to the left and to the right of what the screen shows. */
  const [more, setMore] = useState({ left: false, right: false });
  const start = useRef(0);
  const measure = () => {
    const element = viewport.current;
    if (!element) return;
    const end = element.scrollWidth - element.clientWidth;
    setMore((was) => {
      const now = { left: element.scrollLeft > 4, right: element.scrollLeft < end - 4 };
      return now.left === was.left && now.right === was.right ? was : now;
    });
  };
  // The scene is centred in the first frame's rendering, before it is painted, not in React's
  // commit: reading its size there forced a layout of the whole scene inside the commit's task,
  // one long task on a phone (decision 063). The frame lays the scene out once either way. The
  // arrows and the hint are drawn in that same frame (flushSync), so its first picture has them.
  useLayoutEffect(() => {
    const frame = requestAnimationFrame(() => {
      const element = viewport.current;
      if (!element) return;
      element.scrollLeft = (element.scrollWidth - element.clientWidth) / 2;
      start.current = element.scrollLeft;
      flushSync(() => {
        setPannable(element.scrollWidth > element.clientWidth + 8);
        measure();
      });
    });
    return () => cancelAnimationFrame(frame);
  }, []);
  // The hint goes at the visitor's first swipe (the centring above scrolls too: it does not count).
  const onScroll = () => {
    const element = viewport.current;
    if (element && !swiped && Math.abs(element.scrollLeft - start.current) > 8) setSwiped(true);
    measure();
  };
  // A part reached with Tab that the screen shows only in part is brought whole into view, to
  // the middle (issue 56, item 5: focus landed on half-hidden doors and the view stayed).
  const onFocus = (event: FocusEvent) => {
    const element = viewport.current;
    const target = event.target;
    if (!element || !(target instanceof Element) || !target.closest('svg.scene')) return;
    const part = target.getBoundingClientRect();
    const shown = element.getBoundingClientRect();
    if (part.left >= shown.left && part.right <= shown.right) return;
    const left = element.scrollLeft + (part.left + part.width / 2) - (shown.left + shown.width / 2);
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    if (typeof element.scrollTo === 'function') element.scrollTo({ left, behavior: reduced ? 'auto' : 'smooth' });
    else element.scrollLeft = left;
  };
  const pan = (direction: -1 | 1) => {
    const element = viewport.current;
    if (!element) return;
    const left = element.scrollLeft + direction * element.clientWidth * PAN_STEP;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    // A test's DOM has no scrollTo: the position is then set directly.
    if (typeof element.scrollTo === 'function') element.scrollTo({ left, behavior: reduced ? 'auto' : 'smooth' });
    else element.scrollLeft = left;
    setSwiped(true);
  };
  return (
    <Viewport
      ref={viewport}
      data-testid="hall-viewport"
      onScroll={pannable ? onScroll : undefined}
      onFocus={pannable ? onFocus : undefined}
    >
      {pannable && !swiped && <PanHint>{t('halls.panHint')}</PanHint>}
      {pannable && more.left && (
        <PanButton type="button" $side="left" aria-label={t('halls.pan.left')} title={t('halls.pan.left')} onClick={() => pan(-1)}>
          <PanIcon d="M15 5l-7 7 7 7" />
        </PanButton>
      )}
      {pannable && more.right && (
        <PanButton type="button" $side="right" aria-label={t('halls.pan.right')} title={t('halls.pan.right')} onClick={() => pan(1)}>
          <PanIcon d="M9 5l7 7-7 7" />
        </PanButton>
      )}
      <h1 className="visually-hidden">{title}</h1>
      <svg
        className="scene"
        viewBox={`0 0 ${SCENE_WIDTH} ${SCENE_HEIGHT}`}
        preserveAspectRatio="xMidYMid slice"
        xmlns="http://www.w3.org/2000/svg"
        role="group"
        aria-label={title}
      >
        <SceneDefs />
        {defs && <defs>{defs}</defs>}
        {children}
      </svg>
    </Viewport>
  );
};

const PanIcon = ({ d }: { d: string }) => (
  <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path d={d} fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

/** Gradients and filters every scene uses. */
const SceneDefs = () => (
  <defs>
    <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stopColor="#1a100a" />
      <stop offset="0.55" stopColor="#2e1d12" />
      <stop offset="1" stopColor="#3b2618" />
    </linearGradient>
    <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stopColor="#6b5646" />
      <stop offset="0.35" stopColor="#3d2d22" />
      <stop offset="1" stopColor="#120c08" />
    </linearGradient>
    <linearGradient id="ceiling" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stopColor="#050302" />
      <stop offset="1" stopColor="#140c07" />
    </linearGradient>
    <radialGradient id="pool" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stopColor="#ffe2c4" stopOpacity="0.35" />
      <stop offset="1" stopColor="#ffe2c4" stopOpacity="0" />
    </radialGradient>
    <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stopColor="#ff8a3d" stopOpacity="0.55" />
      <stop offset="1" stopColor="#ff8a3d" stopOpacity="0" />
    </radialGradient>
    <linearGradient id="beam" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stopColor="#fff4e6" stopOpacity="0.22" />
      <stop offset="1" stopColor="#fff4e6" stopOpacity="0" />
    </linearGradient>
    <linearGradient id="screen" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stopColor="#24476b" />
      <stop offset="0.6" stopColor="#0f2236" />
      <stop offset="1" stopColor="#07101a" />
    </linearGradient>
    <linearGradient id="wood" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stopColor="#5a3216" />
      <stop offset="0.5" stopColor="#7b4a25" />
      <stop offset="1" stopColor="#4a2810" />
    </linearGradient>
    <linearGradient id="trim-gold" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stopColor="#f6d98a" />
      <stop offset="0.5" stopColor="#d4a437" />
      <stop offset="1" stopColor="#8a6414" />
    </linearGradient>
    <linearGradient id="trim-silver" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stopColor="#f4f6f8" />
      <stop offset="0.5" stopColor="#c3c9cf" />
      <stop offset="1" stopColor="#7d858d" />
    </linearGradient>
    <linearGradient id="trim-bronze" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stopColor="#e7b07a" />
      <stop offset="0.5" stopColor="#b87333" />
      <stop offset="1" stopColor="#6e3f16" />
    </linearGradient>
    <linearGradient id="counter" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stopColor="#fbf8f4" />
      <stop offset="1" stopColor="#d9d1c8" />
    </linearGradient>
    <linearGradient id="accent" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stopColor="#7a3100" />
      <stop offset="0.5" stopColor="#c85a12" />
      <stop offset="1" stopColor="#7a3100" />
    </linearGradient>
    <filter id="soft-shadow" x="-20%" y="-20%" width="140%" height="160%">
      <feGaussianBlur in="SourceAlpha" stdDeviation="10" />
      <feOffset dy="12" />
      <feComponentTransfer>
        <feFuncA type="linear" slope="0.55" />
      </feComponentTransfer>
      <feMerge>
        <feMergeNode />
        <feMergeNode in="SourceGraphic" />
      </feMerge>
    </filter>
  </defs>
);

export interface HotspotProps {
  /** The accessible name (what a screen reader announces, and the tooltip). */
  label: string;
  /** A page of the app. */
  to?: string;
  /** Navigation state handed to the page `to` opens. */
  state?: unknown;
  /** An external address (opens in a new tab). */
  href?: string;
  /** An action (opens a modal). */
  onActivate?: () => void;
  /** The ring drawn on hover and focus, in the scene's coordinates. */
  ring: { x: number; y: number; width: number; height: number; rx?: number };
  children: ReactNode;
}

/**
 * A part of the scene the visitor can use: a link (`to`, `href`) or a button (`onActivate`),
 * with its name, keyboard access, a hover state and a visible focus ring drawn around the part.
 */
export const Hotspot = ({ label, to, state, href, onActivate, ring, children }: HotspotProps) => {
  const navigate = useNavigate();
  const outline = (
    <rect className="ring" x={ring.x - 8} y={ring.y - 8} width={ring.width + 16} height={ring.height + 16} rx={ring.rx ?? 14} />
  );
  const body = (
    <>
      <title>{label}</title>
      <g className="lift">{children}</g>
      {outline}
    </>
  );
  if (to) {
    const onClick = (event: MouseEvent) => {
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      navigate(to, { state });
    };
    return (
      <a className="hotspot" href={to} aria-label={label} onClick={onClick}>
        {body}
      </a>
    );
  }
  if (href) {
    return (
      <a className="hotspot" href={href} target="_blank" rel="noopener noreferrer" aria-label={label}>
        {body}
      </a>
    );
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onActivate?.();
    }
  };
  return (
    <g className="hotspot" role="button" tabIndex={0} aria-label={label} onClick={onActivate} onKeyDown={onKeyDown}>
      {body}
    </g>
  );
};

/** Cuts a text to what fits in `max` characters. */
export const fit = (text: string, max: number): string => (text.length <= max ? text : `${text.slice(0, Math.max(1, max - 1)).trimEnd()}…`);

/** Breaks a text into at most `count` lines of `max` characters, at spaces where it can; the last line is cut with '…'. */
export const textLines = (text: string, max: number, count = 2): string[] => {
  let rest = text.trim().replace(/\s+/g, ' ');
  const lines: string[] = [];
  while (lines.length < count - 1 && rest.length > max) {
    const space = rest.lastIndexOf(' ', max);
    const at = space > 0 ? space : max;
    lines.push(rest.slice(0, at));
    rest = rest.slice(at).trimStart();
  }
  if (rest) lines.push(fit(rest, max));
  return lines;
};
