import type { Stand } from '@plataforma/adapter';
import { SceneImage } from '../ui/SceneImage';

const TRIM: Record<Stand['type'], [string, string]> = {
  master: ['#f6d98a', '#8a6414'],
  silver: ['#f4f6f8', '#7d858d'],
  bronze: ['#e7b07a', '#6e3f16'],
};

/**
 * The stand's own space behind its content (SPEC §2.4 "background by stand"): a booth interior in
 * the stand's colour, its logo large on the back wall, the tier's trim, lights and floor.
 */
export const StandBackdrop = ({ stand }: { stand: Stand }) => {
  const colour = stand.color && /^#[0-9a-f]{6}$/i.test(stand.color) ? stand.color : '#5a3216';
  const [light, dark] = TRIM[stand.type];
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 1920 1080"
      preserveAspectRatio="xMidYMid slice"
      style={{ position: 'fixed', inset: 0, width: '100%', height: '100%', zIndex: 0 }}
    >
      <defs>
        <linearGradient id="stand-wall" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={colour} />
          <stop offset="0.7" stopColor="#120a05" />
        </linearGradient>
        <linearGradient id="stand-floor" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#4a3a30" />
          <stop offset="1" stopColor="#070504" />
        </linearGradient>
        <linearGradient id="stand-trim" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={light} />
          <stop offset="1" stopColor={dark} />
        </linearGradient>
        <linearGradient id="stand-beam" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#fff4e6" stopOpacity="0.2" />
          <stop offset="1" stopColor="#fff4e6" stopOpacity="0" />
        </linearGradient>
      </defs>
      <rect width="1920" height="1080" fill="#000" />
      <rect width="1920" height="760" fill="url(#stand-wall)" />
      <rect y="0" width="1920" height="46" fill="url(#stand-trim)" />
      <rect y="740" width="1920" height="20" fill="url(#stand-trim)" />
      <polygon points="0,760 1920,760 1920,1080 0,1080" fill="url(#stand-floor)" />
      {[260, 760, 1260, 1660].map((x) => (
        <polygon key={x} points={`${x},46 ${x + 90},46 ${x + 260},760 ${x - 170},760`} fill="url(#stand-beam)" />
      ))}
      {stand.image && (
        <SceneImage
          url={stand.image}
          sources={stand.imageSources}
          x="1100"
          y="180"
          width={700}
          height="420"
          opacity="0.22"
          preserveAspectRatio="xMidYMid meet"
        />
      )}
      <rect width="1920" height="1080" fill="#000" opacity="0.25" />
    </svg>
  );
};
