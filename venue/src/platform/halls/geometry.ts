/**
 * The measures of a hall's scene (a 1920×1080 viewBox, decision 010) that its layouts place
 * things by and its parts are drawn to: apart from the drawing (scene/parts.tsx), so a layout
 * reads them without importing the scene that draws its items.
 */

/** Where the back wall meets the floor. */
export const WALL_BASE = 600;

export type Tier = 'gold' | 'silver' | 'bronze';

/** The booth's size before scaling, per tier: gold is the tallest and widest. */
export const BOOTH_SIZE: Record<Tier, { width: number; height: number }> = {
  gold: { width: 400, height: 500 },
  silver: { width: 340, height: 430 },
  bronze: { width: 300, height: 370 },
};

export const DOOR_SIZE = { width: 200, height: 320 };

/** The icons a screen or a totem can show. */
export type ScreenIcon = 'play' | 'document' | 'chat' | 'calendar' | 'link' | 'people' | 'rooms';
