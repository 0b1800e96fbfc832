import { useEffect, useRef, useState } from 'react';

/** The tab's title alert: on unless the attendant turned it off (decision 104). */
const TITLE_KEY = 'plataforma:chat-title-alert';
/** The sound: off unless the attendant turned it on (browsers refuse sound before a click anyway). */
const SOUND_KEY = 'plataforma:chat-alert';

const stored = (key: string, fallback: boolean): boolean => {
  try {
    const value = localStorage.getItem(key);
    return value === null ? fallback : value === '1';
  } catch {
    return fallback;
  }
};
const store = (key: string, on: boolean) => {
  try {
    localStorage.setItem(key, on ? '1' : '0');
  } catch {
    // private mode: the choice lasts the page
  }
};

const beep = () => {
  try {
    const Context = window.AudioContext;
    if (!Context) return;
    const context = new Context();
    const tone = context.createOscillator();
    tone.frequency.value = 880;
    tone.connect(context.destination);
    tone.start();
    tone.stop(context.currentTime + 0.15);
  } catch {
    // no sound on this browser
  }
};

export interface ChatAlerts {
  title: boolean;
  sound: boolean;
  setTitle: (on: boolean) => void;
  setSound: (on: boolean) => void;
}

/**
 * The inbox's alerts (issue 56, item 9): while `count` messages wait, the tab's title reads
 * '(2) Nova mensagem — …' (on by default); a beep when the count grows (opt-in: decision 104).
 */
export const useChatAlerts = (count: number, titleText: string): ChatAlerts => {
  const [title, setTitleState] = useState(() => stored(TITLE_KEY, true));
  const [sound, setSoundState] = useState(() => stored(SOUND_KEY, false));
  const previous = useRef(count);
  useEffect(() => {
    if (sound && count > previous.current) beep();
    previous.current = count;
  }, [sound, count]);
  useEffect(() => {
    if (!title || count === 0) return undefined;
    const original = document.title;
    document.title = `(${count}) ${titleText} — ${original}`;
    return () => {
      document.title = original;
    };
  }, [title, count, titleText]);
  return {
    title,
    sound,
    setTitle: (on) => {
      setTitleState(on);
      store(TITLE_KEY, on);
    },
    setSound: (on) => {
      setSoundState(on);
      store(SOUND_KEY, on);
    },
  };
};
