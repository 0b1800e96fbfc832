import { useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { useAppState } from '../../shared/state/store';
import { Spinner } from '../../shared/ui/Spinner';
import type { HallItem } from './layouts';
import { estimateWidth, placeLabels, type Box, type LabelRequest, type Measure } from './map-labels';
import { boundsOf } from './scene/HallItems';
import { WALL_BASE } from './geometry';

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

/** The name a part shows on the map (its sign, its stand's or sponsor's name), before placing. */
const nameOf = (item: HallItem, emptyBooth: string): string => {
  switch (item.kind) {
    case 'booth':
      return item.stand?.name ?? emptyBooth;
    case 'door':
    case 'desk':
      return item.sign;
    case 'screen':
      return item.caption;
    case 'totem':
      return item.sponsor.name;
    case 'arrow':
      return item.text;
    case 'lounge':
      return item.label;
    case 'banner':
      return '';
  }
};

/** Which labels claim their place first: the doors (the way around), then the stands, the screens, the rest. */
const LABEL_ORDER: Record<HallItem['kind'], number> = { door: 0, arrow: 1, booth: 2, desk: 3, screen: 4, totem: 5, lounge: 6, banner: 7 };

/** Labels may use the whole map, the dark strip behind the wall too (a wall's labels go there when the floor below is taken). */
const MAP_BOUNDS: Box = { x: 4, y: 4, width: MAP_W - 8, height: MAP_H - 8 };
const YOU = { x: MAP_W / 2, y: MAP_H - 40 };
/** 'Você está aqui' and its dot: no label may cover them. */
const YOU_BOX: Box = { x: YOU.x - 90, y: YOU.y - 40, width: 180, height: 58 };

const Svg = styled.svg`
  display: block;
  max-width: ${MAP_W}px;
  aspect-ratio: 16 / 9;
  a,
  [role='button'] {
    cursor: pointer;
    outline: none;
  }
  a:hover .part,
  [role='button']:hover .part {
    stroke: #ffbf47;
    stroke-opacity: 1;
    stroke-width: 2;
  }
  a:focus-visible .part,
  [role='button']:focus-visible .part {
    stroke: #ffbf47;
    stroke-opacity: 1;
    stroke-width: 4;
  }
`;

/** The browser's own measure of the label type when it can give one (the layout engine), else the estimate. */
const useMeasure = (probe: RefObject<SVGTextElement>): Measure => {
  const [measure, setMeasure] = useState<Measure>(() => estimateWidth);
  useLayoutEffect(() => {
    const text = probe.current;
    if (!text || typeof text.getComputedTextLength !== 'function') return;
    text.textContent = 'Mapa';
    if (!(text.getComputedTextLength() > 0)) return; // no layout (a test's DOM): keep the estimate
    const known = new Map<string, number>();
    setMeasure(() => (value: string) => {
      let width = known.get(value);
      if (width === undefined) {
        text.textContent = value;
        width = text.getComputedTextLength();
        known.set(value, width);
      }
      return width;
    });
  }, [probe]);
  return measure;
};

/** The smallest box holding both. */
const hitArea = (a: Box, b: Box): Box => {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
};

/** A part on the map that leads somewhere: a link for a page or a site, a button for what it opens over the hall. */
const PartLink = ({ item, onLeave, children }: { item: HallItem; onLeave?: () => void; children: ReactNode }) => {
  const navigate = useNavigate();
  const setHallAction = useAppState((state) => state.setHallAction);
  const target = item.target;
  const title = <title>{item.label}</title>;
  if (!target) {
    return (
      <g data-part={item.key}>
        {title}
        {children}
      </g>
    );
  }
  if ('to' in target) {
    const follow = (event: MouseEvent) => {
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return; // a new tab: the browser's
      event.preventDefault();
      onLeave?.();
      navigate(target.to, { state: target.state });
    };
    return (
      <a href={target.to} onClick={follow} aria-label={item.label} data-part={item.key}>
        {title}
        {children}
      </a>
    );
  }
  if ('href' in target) {
    return (
      <a href={target.href} target="_blank" rel="noopener noreferrer" aria-label={item.label} data-part={item.key}>
        {title}
        {children}
      </a>
    );
  }
  const open = () => {
    onLeave?.();
    setHallAction(target.action);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    open();
  };
  return (
    <g role="button" tabIndex={0} aria-label={item.label} onClick={open} onKeyDown={onKeyDown} data-part={item.key}>
      {title}
      {children}
    </g>
  );
};

/**
 * A hall (by its name) seen from above, drawn from the same parts as the scene, with the visitor
 * at the entrance; a spinner while the parts load. Every part that leads somewhere is a link or a
 * button, as in the scene (`onLeave` closes the dialog around the map first). Labels are placed by
 * measuring them: none overlaps another, a part or 'Você está aqui'; a name that does not fit is
 * shortened with '…' (or left out), and its full name stays the part's accessible name and tooltip.
 */
export const HallMap = ({ hall, items, onLeave }: { hall: string; items: HallItem[] | null; onLeave?: () => void }) => {
  const { t } = useTranslation();
  const probe = useRef<SVGTextElement>(null);
  const measure = useMeasure(probe);
  const emptyBooth = t('halls.emptyBoothShort');
  const labels = useMemo(() => {
    if (!items) return new Map();
    const requests: LabelRequest[] = items
      .map((item) => ({ item, text: nameOf(item, emptyBooth) }))
      .filter(({ text }) => text !== '')
      .sort((a, b) => LABEL_ORDER[a.item.kind] - LABEL_ORDER[b.item.kind] || a.item.x - b.item.x)
      .map(({ item, text }) => ({
        key: item.key,
        box: placeOf(item),
        text,
        // Wall parts are labelled below, clear of a door's swing.
        gapBelow: item.kind === 'door' ? 16 : 0,
      }));
    return new Map(placeLabels(requests, measure, MAP_BOUNDS, [YOU_BOX]).map((label) => [label.key, label]));
  }, [items, measure, emptyBooth]);
  if (!items) return <Spinner label={t('common.loading')} />;
  return (
    <figure style={{ margin: 0 }}>
      <Svg viewBox={`0 0 ${MAP_W} ${MAP_H}`} width="100%" role="group" aria-labelledby="hall-map-caption">
        <defs>
          <pattern id="map-grid" width="32" height="32" patternUnits="userSpaceOnUse">
            <path d="M32 0H0V32" fill="none" stroke="#ffffff" strokeOpacity="0.06" />
          </pattern>
        </defs>
        <rect width={MAP_W} height={MAP_H} rx="12" fill="#2a1d14" />
        <rect y={WALL} width={MAP_W} height={MAP_H - WALL} fill="url(#map-grid)" />
        <rect width={MAP_W} height={WALL} fill="#120a05" />
        <rect y={WALL - 4} width={MAP_W} height="4" fill="#a34100" />
        {/* The label type, measured off-screen. */}
        <text ref={probe} x="-9999" y="-9999" fontSize="13" fontWeight="600" aria-hidden="true" />
        {items.map((item) => {
          const place = placeOf(item);
          const fill = item.kind === 'booth' ? (item.stand ? TIER[item.tier] : '#4a3a30') : COLOURS[item.kind];
          const label = labels.get(item.key);
          return (
            <PartLink key={item.key} item={item} onLeave={onLeave}>
              {label && (
                // The part and its label are one target: no gap between them a click could fall through.
                <rect {...hitArea(place, label.box)} fill="transparent" />
              )}
              <rect
                className="part"
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
              {label && (
                <g aria-hidden="true" data-label={item.key}>
                  <rect
                    x={label.box.x}
                    y={label.box.y}
                    width={label.box.width}
                    height={label.box.height}
                    rx="4"
                    fill="#120a05"
                    fillOpacity="0.78"
                  />
                  <text x={label.x} y={label.y} textAnchor="middle" fontSize="13" fontWeight="600" fill="#f5f1ee">
                    {label.text}
                  </text>
                </g>
              )}
            </PartLink>
          );
        })}
        <g transform={`translate(${YOU.x} ${YOU.y})`}>
          <circle r="16" fill="#ffbf47" opacity="0.35" />
          <circle r="9" fill="#ffbf47" stroke="#000" strokeWidth="2" />
          <text y="-22" textAnchor="middle" fontSize="14" fontWeight="700" fill="#ffbf47">
            {t('halls.map.you')}
          </text>
        </g>
      </Svg>
      <figcaption id="hall-map-caption" className="visually-hidden">
        {t('halls.map.caption', { hall, places: items.map((item) => item.label).join('; ') })}
      </figcaption>
    </figure>
  );
};
