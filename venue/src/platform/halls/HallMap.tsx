import { useTranslation } from 'react-i18next';
import { Spinner } from '../../shared/ui/Spinner';
import type { HallItem } from './layouts';
import { boundsOf } from './scene/HallItems';
import { WALL_BASE } from './scene/parts';
import { fit } from './scene/Stage';

/** The map's size (SPEC §9). */
const MAP_W = 1024;
const MAP_H = 576;
const K = MAP_W / 1920;
const WALL = 64;

const COLOURS: Record<HallItem['kind'], string> = {
  booth: '#6b4a2e',
  door: '#a34100',
  screen: '#24476b',
  totem: '#efe6dc',
  desk: '#a34100',
  arrow: '#3a2a20',
  banner: '#8a6414',
  lounge: '#5a3216',
};
const TIER: Record<string, string> = { gold: '#d4a437', silver: '#c3c9cf', bronze: '#b87333' };

/** Where an item stands on the plan: wall items on the wall strip, floor items by their depth. */
const placeOf = (item: HallItem) => {
  const b = boundsOf(item);
  const onWall = item.kind === 'door' || item.kind === 'banner' || (item.kind === 'screen' && !item.stand);
  const x = b.x * K;
  const width = b.width * K;
  if (onWall) return { x, y: WALL - 14, width, height: 18 };
  const foot = 'y' in item ? item.y : WALL_BASE;
  const depthY = WALL + 20 + ((foot - WALL_BASE) / (1080 - WALL_BASE)) * (MAP_H - WALL - 110);
  const depth = item.kind === 'booth' ? width * 0.55 : item.kind === 'desk' ? 46 : 22;
  return { x, y: depthY - depth, width, height: depth };
};

/** A hall (by its name) seen from above, drawn from the same parts as the scene, with the visitor at the entrance; a spinner while the parts load. */
export const HallMap = ({ hall, items }: { hall: string; items: HallItem[] | null }) => {
  const { t } = useTranslation();
  if (!items) return <Spinner label={t('common.loading')} />;
  const you = { x: MAP_W / 2, y: MAP_H - 40 };
  return (
    <figure style={{ margin: 0 }}>
      <svg
        viewBox={`0 0 ${MAP_W} ${MAP_H}`}
        width="100%"
        style={{ display: 'block', maxWidth: MAP_W, aspectRatio: '16 / 9' }}
        role="img"
        aria-labelledby="hall-map-caption"
      >
        <defs>
          <pattern id="map-grid" width="32" height="32" patternUnits="userSpaceOnUse">
            <path d="M32 0H0V32" fill="none" stroke="#ffffff" strokeOpacity="0.06" />
          </pattern>
        </defs>
        <rect width={MAP_W} height={MAP_H} rx="12" fill="#2a1d14" />
        <rect y={WALL} width={MAP_W} height={MAP_H - WALL} fill="url(#map-grid)" />
        <rect width={MAP_W} height={WALL} fill="#120a05" />
        <rect y={WALL - 4} width={MAP_W} height="4" fill="#a34100" />
        {items.map((item) => {
          const place = placeOf(item);
          const fill = item.kind === 'booth' ? (item.stand ? TIER[item.tier] : '#4a3a30') : COLOURS[item.kind];
          const name =
            item.kind === 'booth'
              ? (item.stand?.name ?? t('halls.emptyBoothShort'))
              : item.kind === 'door'
                ? item.sign
                : item.kind === 'screen'
                  ? item.caption
                  : item.kind === 'totem'
                    ? item.sponsor.name
                    : item.kind === 'desk'
                      ? item.sign
                      : item.kind === 'arrow'
                        ? item.text
                        : item.kind === 'lounge'
                          ? item.label
                          : '';
          // Door labels sit below the door's swing.
          const labelY = place.y + place.height + (item.kind === 'door' ? 34 : 16);
          return (
            <g key={item.key}>
              <rect
                x={place.x}
                y={place.y}
                width={place.width}
                height={place.height}
                rx="4"
                fill={fill}
                stroke="#000"
                strokeOpacity="0.4"
              />
              {item.kind === 'door' && (
                <path
                  d={`M${place.x + place.width / 2 - 16} ${WALL} a16 16 0 0 0 16 16 M${place.x + place.width / 2 + 16} ${WALL} a16 16 0 0 1 -16 16`}
                  fill="none"
                  stroke="#ffb68c"
                  strokeWidth="2"
                />
              )}
              {item.kind === 'door' && item.live && (
                // A lecture on now behind the door: the scene's red 'AO VIVO' dot (its name says so in the caption).
                <circle cx={place.x + place.width - 6} cy={place.y + 2} r="6" fill="#d7261e" stroke="#fff" strokeWidth="1.5" />
              )}
              {name && (
                <text x={place.x + place.width / 2} y={labelY} textAnchor="middle" fontSize="13" fontWeight="600" fill="#f5f1ee">
                  {fit(name, Math.max(8, Math.floor(place.width / 7.5)))}
                </text>
              )}
            </g>
          );
        })}
        <g transform={`translate(${you.x} ${you.y})`}>
          <circle r="16" fill="#ffbf47" opacity="0.35" />
          <circle r="9" fill="#ffbf47" stroke="#000" strokeWidth="2" />
          <text y="-22" textAnchor="middle" fontSize="14" fontWeight="700" fill="#ffbf47">
            {t('halls.map.you')}
          </text>
        </g>
      </svg>
      <figcaption id="hall-map-caption" className="visually-hidden">
        {t('halls.map.caption', { hall, places: items.map((item) => item.label).join('; ') })}
      </figcaption>
    </figure>
  );
};
