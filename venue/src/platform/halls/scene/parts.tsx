import type { ReactNode } from 'react';
import type { ImageSource } from '@plataforma/adapter';
import { SceneImage } from '../../ui/SceneImage';
import { BOOTH_SIZE, DOOR_SIZE, WALL_BASE, type ScreenIcon, type Tier } from '../geometry';
import { fit, textLines } from './Stage';

export { BOOTH_SIZE, DOOR_SIZE, WALL_BASE, type ScreenIcon, type Tier } from '../geometry';

/** The point the floor's lines run to (the back wall meets the floor at WALL_BASE). */
const VANISH = { x: 960, y: 380 };

/** The room every hall stands in: ceiling with lights, panelled back wall, a floor in perspective. */
export const Room = ({ accent = '#a34100', sign }: { accent?: string; sign?: string }) => {
  const rays = Array.from({ length: 17 }, (_, i) => i - 8);
  const rows = [626, 662, 712, 780, 870, 985];
  return (
    <g aria-hidden="true">
      <rect x="0" y="0" width="1920" height="1080" fill="#000" />
      <rect x="0" y="0" width="1920" height={WALL_BASE} fill="url(#wall)" />
      {Array.from({ length: 9 }, (_, i) => (
        <rect key={i} x={i * 240 + 12} y="110" width="216" height="400" rx="6" fill="#ffffff" opacity="0.025" />
      ))}
      <rect x="0" y="0" width="1920" height="92" fill="url(#ceiling)" />
      {Array.from({ length: 6 }, (_, i) => (
        <g key={i}>
          <rect x={140 + i * 320} y="78" width="120" height="10" rx="5" fill="#fff1dc" opacity="0.9" />
          <polygon points={`${140 + i * 320},88 ${260 + i * 320},88 ${330 + i * 320},520 ${70 + i * 320},520`} fill="url(#beam)" />
        </g>
      ))}
      <rect x="0" y="528" width="1920" height="10" fill={accent} opacity="0.9" />
      <rect x="0" y={WALL_BASE - 14} width="1920" height="14" fill="#0c0704" />
      <rect x="0" y={WALL_BASE} width="1920" height={1080 - WALL_BASE} fill="url(#floor)" />
      <g stroke="#ffffff" strokeOpacity="0.06" strokeWidth="2">
        {rays.map((i) => {
          // Each line runs from the wall's foot towards the bottom edge, as if from the vanishing point.
          const top = VANISH.x + i * 64;
          const t = (1080 - VANISH.y) / (WALL_BASE - VANISH.y);
          return <line key={i} x1={top} y1={WALL_BASE} x2={VANISH.x + (top - VANISH.x) * t} y2="1080" />;
        })}
        {rows.map((y) => (
          <line key={y} x1="0" y1={y} x2="1920" y2={y} />
        ))}
      </g>
      <ellipse cx="960" cy="760" rx="760" ry="150" fill="url(#pool)" />
      {sign && <HangingSign text={sign} />}
    </g>
  );
};

const HangingSign = ({ text }: { text: string }) => (
  <g>
    <line x1="820" y1="0" x2="820" y2="24" stroke="#6b5646" strokeWidth="3" />
    <line x1="1100" y1="0" x2="1100" y2="24" stroke="#6b5646" strokeWidth="3" />
    <rect x="720" y="22" width="480" height="56" rx="10" fill="#120a05" stroke="url(#accent)" strokeWidth="3" />
    <text x="960" y="60" textAnchor="middle" fill="#ffd9bd" fontSize="28" fontWeight="700" letterSpacing="3">
      {fit(text.toUpperCase(), 26)}
    </text>
  </g>
);

export interface BoothProps {
  tier: Tier;
  x: number;
  /** Where the booth stands on the floor (its foot). */
  y: number;
  scale: number;
  name?: string;
  logo?: string | null;
  /** The logo's sizes (the API's `imageSources`). */
  logoSources?: readonly ImageSource[];
  color?: string | null;
  /** The counter's text: the tier's name in the visitor's language, or that the place is free. */
  plate: string;
  id: string;
}

/** A stand's booth: platform, back wall in the stand's colour, the tier's trim with the name, logo, counter. */
export const Booth = ({ tier, x, y, scale, name, logo, logoSources, color, plate, id }: BoothProps) => {
  const { width: w, height: h } = BOOTH_SIZE[tier];
  const wall = color && /^#[0-9a-f]{6}$/i.test(color) ? color : '#3a2a20';
  const empty = name === undefined;
  const gradient = `booth-${id}`;
  return (
    <g transform={`translate(${x} ${y}) scale(${scale})`} filter="url(#soft-shadow)">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={wall} />
          <stop offset="1" stopColor="#0d0805" />
        </linearGradient>
      </defs>
      <ellipse cx={w / 2} cy="6" rx={w * 0.62} ry="26" fill="#000" opacity="0.45" />
      <polygon points={`-24,0 ${w + 24},0 ${w + 6},-22 -6,-22`} fill="#26201c" stroke={`url(#trim-${tier})`} strokeWidth="3" />
      {tier === 'gold' && (
        <>
          <polygon points={`${w * 0.08},${-h} ${w * 0.32},${-h} ${w * 0.5},-22 ${-w * 0.1},-22`} fill="url(#beam)" />
          <polygon points={`${w * 0.68},${-h} ${w * 0.92},${-h} ${w * 1.1},-22 ${w * 0.5},-22`} fill="url(#beam)" />
        </>
      )}
      <rect x="0" y={-h + 40} width={w} height={h - 62} fill={empty ? '#1e1712' : `url(#${gradient})`} />
      <polygon points={`${w},${-h + 40} ${w + 26},${-h + 58} ${w + 26},-30 ${w},-22`} fill="#000" opacity="0.35" />
      <rect x="-10" y={-h} width={w + 20} height="58" rx="6" fill={`url(#trim-${tier})`} />
      <text x={w / 2} y={-h + 38} textAnchor="middle" fontSize={tier === 'bronze' ? 24 : 26} fontWeight="800" fill="#1b120c">
        {empty ? '' : fit(name ?? '', tier === 'gold' ? 26 : 21)}
      </text>
      {!empty && (
        <g>
          <rect x={w / 2 - w * 0.32} y={-h + 78} width={w * 0.64} height={w * 0.64 * 0.6} rx="10" fill="#fff" />
          {logo && (
            <SceneImage
              url={logo}
              sources={logoSources}
              scale={scale}
              x={w / 2 - w * 0.32 + 8}
              y={-h + 86}
              width={w * 0.64 - 16}
              height={w * 0.64 * 0.6 - 16}
              preserveAspectRatio="xMidYMid meet"
            />
          )}
        </g>
      )}
      {tier !== 'bronze' && !empty && (
        <>
          <rect x="18" y={-h * 0.58} width={w * 0.17} height={h * 0.26} rx="4" fill="#05080c" stroke="#555" strokeWidth="3" />
          <rect x="24" y={-h * 0.58 + 6} width={w * 0.17 - 12} height={h * 0.26 - 12} fill="url(#screen)" />
          {tier === 'gold' && (
            <>
              <rect
                x={w - 18 - w * 0.17}
                y={-h * 0.58}
                width={w * 0.17}
                height={h * 0.26}
                rx="4"
                fill="#05080c"
                stroke="#555"
                strokeWidth="3"
              />
              <rect x={w - 12 - w * 0.17} y={-h * 0.58 + 6} width={w * 0.17 - 12} height={h * 0.26 - 12} fill="url(#screen)" />
            </>
          )}
        </>
      )}
      <rect x={w * 0.22} y={-h * 0.32} width={w * 0.56} height={h * 0.32 - 22} fill={empty ? '#2b231d' : 'url(#counter)'} />
      <rect x={w * 0.2} y={-h * 0.32 - 12} width={w * 0.6} height="14" rx="3" fill={`url(#trim-${tier})`} />
      <text x={w / 2} y={-h * 0.16} textAnchor="middle" fontSize="20" fontWeight="700" fill={empty ? '#9b8f86' : '#5a3216'}>
        {fit(plate, 22)}
      </text>
      {tier === 'gold' && !empty && (
        <>
          <Plant x={-4} />
          <Plant x={w - 30} />
        </>
      )}
    </g>
  );
};

const Plant = ({ x }: { x: number }) => (
  <g transform={`translate(${x} -22)`}>
    <rect x="0" y="-46" width="34" height="46" rx="4" fill="#2c2520" />
    <ellipse cx="17" cy="-70" rx="30" ry="34" fill="#1f5a32" />
    <ellipse cx="6" cy="-88" rx="16" ry="22" fill="#2d7a45" />
    <ellipse cx="28" cy="-92" rx="14" ry="20" fill="#26703e" />
  </g>
);

export interface DoorProps {
  x: number;
  y: number;
  scale: number;
  sign: string;
  /** A closed door: drawn shut and dim, not a link. */
  closed?: boolean;
  /** Leads outside the venue (an arrow on the sign). */
  external?: boolean;
  /** The lecture on now behind the door: its title on the door and a pulsing mark ('AO VIVO') above the sign. */
  live?: { title: string; mark: string };
}

/** The live lecture's colour (the 'AO VIVO' mark, the door's frame). */
const LIVE_RED = '#d7261e';

/** A double door with a lit sign above it. */
export const Door = ({ x, y, scale, sign, closed = false, external = false, live }: DoorProps) => {
  const { width: w, height: h } = DOOR_SIZE;
  const frame = closed ? '#4a3a30' : live ? LIVE_RED : '#a34100';
  return (
    <g transform={`translate(${x} ${y}) scale(${scale})`}>
      {!closed && <ellipse cx={w / 2} cy="8" rx={w * 0.8} ry="30" fill="url(#glow)" />}
      <rect x="-16" y={-h - 16} width={w + 32} height={h + 16} rx="4" fill="#120a05" stroke={frame} strokeWidth="5" />
      <rect x="0" y={-h} width={w / 2 - 2} height={h} fill={closed ? '#2a2522' : 'url(#wood)'} />
      <rect x={w / 2 + 2} y={-h} width={w / 2 - 2} height={h} fill={closed ? '#2a2522' : 'url(#wood)'} />
      {[18, w / 2 + 20].map((x) => (
        <rect
          key={x}
          x={x}
          y={-h + 24}
          width={w / 2 - 38}
          height={h * 0.42}
          rx="3"
          fill={closed ? '#1a1716' : '#f7d9b8'}
          opacity={closed ? 1 : 0.35}
        />
      ))}
      <rect x={w / 2 - 16} y={-h * 0.48} width="8" height="46" rx="4" fill={closed ? '#555' : '#e9c27a'} />
      <rect x={w / 2 + 8} y={-h * 0.48} width="8" height="46" rx="4" fill={closed ? '#555' : '#e9c27a'} />
      <rect x="-40" y={-h - 84} width={w + 80} height="56" rx="10" fill={closed ? '#2a2522' : '#a34100'} />
      <text x={w / 2} y={-h - 46} textAnchor="middle" fontSize="25" fontWeight="800" fill={closed ? '#a99d94' : '#fff'}>
        {fit(sign, 17)}
        {external ? ' ↗' : ''}
      </text>
      {live && <LiveMark w={w} h={h} title={live.title} mark={live.mark} />}
      {closed && (
        <g transform={`translate(${w / 2 - 18} ${-h / 2 - 70})`}>
          <rect x="0" y="16" width="36" height="30" rx="4" fill="#8c8079" />
          <path d="M7 16 V8 a11 11 0 0 1 22 0 V16" fill="none" stroke="#8c8079" strokeWidth="5" />
        </g>
      )}
    </g>
  );
};

/** How far the 'AO VIVO' mark rises above a door's sign (before scaling). */
export const LIVE_MARK_HEIGHT = 58;

/**
 * The lecture on now, drawn on a door `w`×`h`: the title on a plate over the door's upper panels
 * (two short lines, the full title as its tooltip) and a red 'AO VIVO' mark above the sign,
 * whose dot pulses (still under prefers-reduced-motion: the scene's styles say so).
 */
const LiveMark = ({ w, h, title, mark }: { w: number; h: number; title: string; mark: string }) => {
  const lines = textLines(title, 16);
  const top = -h - 84 - LIVE_MARK_HEIGHT;
  const dot = { cx: w / 2 - 62, cy: top + 23 };
  return (
    <g data-live="true">
      <g>
        <title>{title}</title>
        <rect x="-24" y={-h + 18} width={w + 48} height="104" rx="8" fill="#120a05" opacity="0.92" stroke={LIVE_RED} strokeWidth="3" />
        {lines.map((line, i) => (
          <text
            key={i}
            x={w / 2}
            y={-h + (lines.length === 1 ? 78 : 62 + i * 36)}
            textAnchor="middle"
            fontSize="24"
            fontWeight="700"
            fill="#fff"
          >
            {line}
          </text>
        ))}
      </g>
      <rect x={w / 2 - 88} y={top} width="176" height="46" rx="23" fill={LIVE_RED} stroke="#fff" strokeOpacity="0.85" strokeWidth="2" />
      <circle className="live-ping" {...dot} r="9" fill="#fff" />
      <circle className="live-pulse" {...dot} r="9" fill="#fff" />
      <text x={w / 2 + 14} y={top + 32} textAnchor="middle" fontSize="24" fontWeight="800" letterSpacing="2" fill="#fff">
        {fit(mark, 10)}
      </text>
    </g>
  );
};

const ICON_PATHS: Record<Exclude<ScreenIcon, 'play'>, string> = {
  document: 'M-22 -30 h30 l14 14 v46 h-44 z M8 -30 v14 h14 M-12 -2 h24 M-12 10 h24',
  chat: 'M-30 -22 h60 v36 h-34 l-16 14 v-14 h-10 z',
  calendar: 'M-28 -22 h56 v50 h-56 z M-28 -8 h56 M-14 -30 v14 M14 -30 v14',
  link: 'M-6 6 l12 -12 M-16 -2 l-6 6 a10 10 0 0 0 14 14 l6 -6 M16 2 l6 -6 a10 10 0 0 0 -14 -14 l-6 6',
  people: 'M-14 -6 a10 10 0 1 0 0.1 0 M14 -6 a10 10 0 1 0 0.1 0 M-32 26 a18 16 0 0 1 36 0 M-4 26 a18 16 0 0 1 36 0',
  rooms: 'M-30 -26 h24 v52 h-24 z M6 -26 h24 v52 h-24 z M-12 0 h2 M24 0 h2',
};

/** A screen on the wall or on a stand: bezel, glowing picture, an icon and a caption. */
export const Screen = ({
  x,
  y,
  width,
  height,
  caption,
  icon = 'play',
  stand = false,
  children,
}: {
  x: number;
  y: number;
  width: number;
  height: number;
  caption: string;
  icon?: ScreenIcon;
  /** On a floor stand instead of on the wall. */
  stand?: boolean;
  children?: ReactNode;
}) => (
  <g filter="url(#soft-shadow)">
    {stand && (
      <>
        <rect x={x + width / 2 - 10} y={y + height} width="20" height="150" fill="#1b1b1b" />
        <rect x={x + width / 2 - 70} y={y + height + 146} width="140" height="12" rx="6" fill="#1b1b1b" />
      </>
    )}
    <rect x={x} y={y} width={width} height={height} rx="10" fill="#050505" stroke="#3a3a3a" strokeWidth="3" />
    <rect x={x + 12} y={y + 12} width={width - 24} height={height - 24} rx="4" fill="url(#screen)" />
    {children}
    <g transform={`translate(${x + width / 2} ${y + height / 2 - 18})`}>
      <circle r="40" fill="#a34100" opacity="0.92" />
      {icon === 'play' ? (
        <polygon points="-12,-20 22,0 -12,20" fill="#fff" />
      ) : (
        <path
          d={ICON_PATHS[icon]}
          fill="none"
          stroke="#fff"
          strokeWidth="5"
          strokeLinecap="round"
          strokeLinejoin="round"
          transform="scale(0.72)"
        />
      )}
    </g>
    <rect x={x + 12} y={y + height - 64} width={width - 24} height="52" fill="#000" opacity="0.55" />
    <text x={x + width / 2} y={y + height - 29} textAnchor="middle" fontSize="26" fontWeight="700" fill="#fff">
      {fit(caption, Math.floor((width - 40) / 14))}
    </text>
  </g>
);

/** A sponsor's totem: a tall white panel with the sponsor's picture, its name and `plate` ('Patrocinador') beneath. */
export const Totem = ({
  x,
  y,
  scale,
  image,
  sources,
  name,
  plate,
}: {
  x: number;
  y: number;
  scale: number;
  image: string | null;
  sources?: readonly ImageSource[];
  name: string;
  plate: string;
}) => (
  <g transform={`translate(${x} ${y}) scale(${scale})`} filter="url(#soft-shadow)">
    <rect x="-8" y="-14" width="176" height="14" rx="4" fill="#2b2b2b" />
    <rect x="0" y="-330" width="160" height="316" rx="8" fill="#fbf8f4" stroke="url(#trim-gold)" strokeWidth="4" />
    {image ? (
      <SceneImage
        url={image}
        sources={sources}
        scale={scale}
        x="10"
        y="-300"
        width={140}
        height="200"
        preserveAspectRatio="xMidYMid meet"
      />
    ) : (
      <rect x="10" y="-300" width="140" height="200" fill="#eee" />
    )}
    <text x="80" y="-60" textAnchor="middle" fontSize="17" fontWeight="700" fill="#3a2616">
      {fit(name, 16)}
    </text>
    <text x="80" y="-32" textAnchor="middle" fontSize="14" fill="#a34100">
      {fit(plate, 18)}
    </text>
  </g>
);

/** A reception desk with a lit sign. */
export const Desk = ({ x, y, width, sign }: { x: number; y: number; width: number; sign: string }) => (
  <g filter="url(#soft-shadow)">
    <ellipse cx={x + width / 2} cy={y + 4} rx={width * 0.6} ry="28" fill="#000" opacity="0.5" />
    <rect x={x} y={y - 150} width={width} height="150" rx="14" fill="url(#counter)" />
    <rect x={x - 10} y={y - 164} width={width + 20} height="22" rx="8" fill="url(#accent)" />
    <rect x={x + 24} y={y - 118} width={width - 48} height="70" rx="10" fill="#a34100" />
    <text x={x + width / 2} y={y - 72} textAnchor="middle" fontSize="32" fontWeight="800" fill="#fff">
      {fit(sign, Math.floor((width - 60) / 18))}
    </text>
  </g>
);

/** A standing arrow panel (towards another hall). */
export const ArrowPanel = ({ x, y, text, direction }: { x: number; y: number; text: string; direction: 'left' | 'right' }) => (
  <g filter="url(#soft-shadow)">
    <rect x={x + 128} y={y - 150} width="14" height="150" fill="#2a2a2a" />
    <rect x={x + 80} y={y - 8} width="110" height="10" rx="5" fill="#2a2a2a" />
    <rect x={x} y={y - 300} width="270" height="160" rx="14" fill="#120a05" stroke="#a34100" strokeWidth="5" />
    <text x={x + 135} y={y - 232} textAnchor="middle" fontSize="28" fontWeight="800" fill="#fff">
      {fit(text, 15)}
    </text>
    <path
      d={
        direction === 'right' ? `M${x + 80} ${y - 190} h100 m-26 -22 l26 22 l-26 22` : `M${x + 190} ${y - 190} h-100 m26 -22 l-26 22 l26 22`
      }
      fill="none"
      stroke="#ffb68c"
      strokeWidth="8"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </g>
);

/** A lounge (two sofas, a low table, plants): furniture of the antechambers, not a hotspot. */
export const Lounge = ({ x, y }: { x: number; y: number }) => (
  <g transform={`translate(${x} ${y})`} filter="url(#soft-shadow)">
    <ellipse cx="300" cy="8" rx="340" ry="34" fill="#000" opacity="0.45" />
    {[0, 380].map((dx) => (
      <g key={dx} transform={`translate(${dx} 0)`}>
        <rect x="0" y="-120" width="220" height="70" rx="18" fill="#5a3216" />
        <rect x="-10" y="-70" width="240" height="56" rx="16" fill="#7b4a25" />
        <rect x="6" y="-14" width="14" height="14" fill="#2a1a10" />
        <rect x="200" y="-14" width="14" height="14" fill="#2a1a10" />
      </g>
    ))}
    <rect x="245" y="-60" width="110" height="14" rx="6" fill="#d9d1c8" />
    <rect x="262" y="-46" width="10" height="46" fill="#2a2522" />
    <rect x="328" y="-46" width="10" height="46" fill="#2a2522" />
    <g transform="translate(-70 0)">
      <rect x="0" y="-46" width="40" height="46" rx="4" fill="#2c2520" />
      <ellipse cx="20" cy="-76" rx="34" ry="40" fill="#1f5a32" />
      <ellipse cx="8" cy="-100" rx="18" ry="26" fill="#2d7a45" />
    </g>
    <g transform="translate(630 0)">
      <rect x="0" y="-46" width="40" height="46" rx="4" fill="#2c2520" />
      <ellipse cx="20" cy="-76" rx="34" ry="40" fill="#1f5a32" />
      <ellipse cx="30" cy="-100" rx="18" ry="26" fill="#2d7a45" />
    </g>
  </g>
);
