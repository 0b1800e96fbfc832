import { memo } from 'react';
import type { HallAction } from '../../../shared/state/slices/ui';
import { SceneImage } from '../../ui/SceneImage';
import type { HallItem } from '../layouts';
import { BOOTH_SIZE, Booth, DOOR_SIZE, Desk, Door, ArrowPanel, LIVE_MARK_HEIGHT, Lounge, Screen, Totem } from './parts';
import { Hotspot, type HotspotProps } from './Stage';

/** What a part opens over the hall; the store keeps it, so the map (opened from the navigation bar) can ask too. */
export type Action = HallAction;

/** The scene rectangle an item covers (its hotspot ring, and its place on the map). */
export const boundsOf = (item: HallItem): { x: number; y: number; width: number; height: number } => {
  switch (item.kind) {
    case 'booth': {
      const { width, height } = BOOTH_SIZE[item.tier];
      return {
        x: item.x - 24 * item.scale,
        y: item.y - height * item.scale,
        width: (width + 48) * item.scale,
        height: height * item.scale,
      };
    }
    case 'door': {
      // A door with a lecture on now carries the 'AO VIVO' mark above its sign.
      const height = DOOR_SIZE.height + 84 + (item.live ? LIVE_MARK_HEIGHT : 0);
      return {
        x: item.x - 40 * item.scale,
        y: item.y - height * item.scale,
        width: (DOOR_SIZE.width + 80) * item.scale,
        height: height * item.scale,
      };
    }
    case 'screen':
      return { x: item.x, y: item.y, width: item.width, height: item.height + (item.stand ? 158 : 0) };
    case 'totem':
      return { x: item.x - 8 * item.scale, y: item.y - 330 * item.scale, width: 176 * item.scale, height: 330 * item.scale };
    case 'desk':
      return { x: item.x - 10, y: item.y - 164, width: item.width + 20, height: 164 };
    case 'arrow':
      return { x: item.x, y: item.y - 300, width: 270, height: 300 };
    case 'banner':
      return { x: item.x, y: item.y, width: item.width, height: item.height };
    case 'lounge':
      return { x: item.x - 70, y: item.y - 140, width: 740, height: 140 };
  }
};

const Drawing = ({ item }: { item: HallItem }) => {
  switch (item.kind) {
    case 'booth':
      return (
        <Booth
          id={item.key}
          tier={item.tier}
          x={item.x}
          y={item.y}
          scale={item.scale}
          name={item.stand?.name}
          logo={item.stand?.image}
          logoSources={item.stand?.imageSources}
          color={item.stand?.color}
          plate={item.plate}
        />
      );
    case 'door':
      return (
        <Door
          x={item.x}
          y={item.y}
          scale={item.scale}
          sign={item.sign}
          closed={item.target === null}
          external={item.target !== null && 'href' in item.target}
          live={item.live}
        />
      );
    case 'screen':
      return (
        <Screen x={item.x} y={item.y} width={item.width} height={item.height} caption={item.caption} icon={item.icon} stand={item.stand} />
      );
    case 'totem':
      return (
        <Totem
          x={item.x}
          y={item.y}
          scale={item.scale}
          image={item.sponsor.image}
          sources={item.sponsor.imageSources}
          name={item.sponsor.name}
          plate={item.plate}
        />
      );
    case 'desk':
      return <Desk x={item.x} y={item.y} width={item.width} sign={item.sign} />;
    case 'arrow':
      return <ArrowPanel x={item.x} y={item.y} text={item.text} direction={item.direction} />;
    case 'lounge':
      return <Lounge x={item.x} y={item.y} />;
    case 'banner':
      return (
        <g filter="url(#soft-shadow)">
          <rect
            x={item.x - 10}
            y={item.y - 10}
            width={item.width + 20}
            height={item.height + 20}
            rx="8"
            fill="#120a05"
            stroke="url(#trim-gold)"
            strokeWidth="4"
          />
          {item.image ? (
            <SceneImage
              url={item.image}
              sources={item.sources}
              x={item.x}
              y={item.y}
              width={item.width}
              height={item.height}
              preserveAspectRatio="xMidYMid slice"
            />
          ) : (
            <rect x={item.x} y={item.y} width={item.width} height={item.height} fill="url(#accent)" />
          )}
        </g>
      );
  }
};

/** Draws a hall's items from the back to the front; each usable one is a hotspot. */
/** Memoised: the page re-renders for many reasons (a query's status, the store) that leave the parts as they were. */
export const HallItems = memo(function HallItems({ items, onAction }: { items: readonly HallItem[]; onAction?: (action: Action) => void }) {
  const depth = (item: HallItem) => (item.kind === 'screen' && !item.stand ? 0 : item.kind === 'banner' ? 0 : item.y);
  const ordered = [...items].sort((a, b) => depth(a) - depth(b));
  return (
    <>
      {ordered.map((item) => {
        const drawing = <Drawing item={item} />;
        if (!item.target) {
          return (
            <g key={item.key} role="img" aria-label={item.label}>
              {drawing}
            </g>
          );
        }
        const ring = boundsOf(item);
        const target = item.target;
        const props: Omit<HotspotProps, 'children'> =
          'to' in target
            ? { label: item.label, ring, to: target.to, state: target.state }
            : 'href' in target
              ? { label: item.label, ring, href: target.href }
              : { label: item.label, ring, onActivate: () => onAction?.(target.action) };
        return (
          <Hotspot key={item.key} {...props}>
            {drawing}
          </Hotspot>
        );
      })}
    </>
  );
});
