import { ChevronDown, type LucideIcon } from 'lucide-react';
import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { buttonClasses } from './button-styles';
import { useDismiss } from './use-dismiss';

export interface MenuItem {
  key: string;
  label: string;
  icon?: LucideIcon;
  onSelect: () => void;
  disabled?: boolean;
}

export interface MenuButtonProps {
  /** The button's visible text ("Actions"). */
  label: string;
  /** Its name for screen readers, naming the row ("Actions for Ada Lovelace"). */
  accessibleLabel?: string;
  /** The ordinary items. */
  items: MenuItem[];
  /** The destructive items: drawn in red, after a separator, apart from the others. */
  danger?: MenuItem[];
}

/** Where the open menu sits: fixed under the button's right edge (above it near the bottom of the window). */
type Place = { right: number; top?: number; bottom?: number };

/**
 * An application menu (WAI-ARIA menu button; docs/decisions/048-operator-journeys.md, which extends decision 002):
 * a button with `aria-haspopup="menu"`; Enter, Space or Arrow Down open it on the first item, Arrow Up on the last;
 * Arrow keys, Home and End move between items; Escape closes it and focus returns to the button; Tab or a click
 * outside close it. Fixed to the window (following its button on a scroll), so a table's scrolling box never clips it.
 */
export function MenuButton({ label, accessibleLabel, items, danger = [] }: MenuButtonProps) {
  const [place, setPlace] = useState<Place | null>(null);
  const open = place !== null;
  const focusOnOpen = useRef<'first' | 'last'>('first');
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const id = useId();
  const close = useCallback(() => setPlace(null), []);
  useDismiss(open, close, containerRef, buttonRef);

  const enabledItems = () => [
    ...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([disabled])') ?? []),
  ];

  /** Where the menu goes for the button's place now; null when the button is not on the page. */
  const placeByButton = useCallback((): Place | null => {
    const rect = buttonRef.current?.getBoundingClientRect();
    if (!rect) return null;
    const right = Math.max(8, window.innerWidth - rect.right);
    return rect.bottom > window.innerHeight * 0.6
      ? { right, bottom: window.innerHeight - rect.top + 4 }
      : { right, top: rect.bottom + 4 };
  }, []);

  useEffect(() => {
    if (!open) return;
    const all = enabledItems();
    (focusOnOpen.current === 'first' ? all[0] : all.at(-1))?.focus();
    // A scroll (of the page or of the table's box) or a resize moves the menu with its button.
    const follow = () => setPlace((current) => (current ? placeByButton() : current));
    window.addEventListener('resize', follow);
    window.addEventListener('scroll', follow, true);
    return () => {
      window.removeEventListener('resize', follow);
      window.removeEventListener('scroll', follow, true);
    };
  }, [open, placeByButton]);

  function show(focus: 'first' | 'last') {
    focusOnOpen.current = focus;
    setPlace(placeByButton());
  }

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      show(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const all = enabledItems();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const move: Record<string, number | undefined> = {
      ArrowDown: (at + 1) % all.length,
      ArrowUp: (at - 1 + all.length) % all.length,
      Home: 0,
      End: all.length - 1,
    };
    const next = move[event.key];
    if (next !== undefined) {
      event.preventDefault();
      all[next]?.focus();
    } else if (event.key === 'Tab') {
      close();
    }
  }

  const select = (item: MenuItem) => {
    close();
    // Focus goes back to the button first, so a dialog the item opens returns it there when it closes.
    buttonRef.current?.focus();
    item.onSelect();
  };

  const renderItem = (item: MenuItem, destructive: boolean) => {
    const Icon = item.icon;
    return (
      <button
        key={item.key}
        type="button"
        role="menuitem"
        tabIndex={-1}
        disabled={item.disabled}
        onClick={() => select(item)}
        className={cn(
          'flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm font-medium whitespace-nowrap',
          'focus:outline-none focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50',
          destructive
            ? 'text-danger-700 hover:bg-red-50 focus:bg-red-50'
            : 'text-slate-800 hover:bg-slate-100 focus:bg-slate-100',
        )}
      >
        {Icon && <Icon aria-hidden="true" className="size-4 shrink-0" />}
        {item.label}
      </button>
    );
  };

  return (
    <div ref={containerRef} className="inline-block">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        aria-label={accessibleLabel}
        onClick={() => (open ? close() : show('first'))}
        onKeyDown={onButtonKeyDown}
        className={cn(buttonClasses('secondary', 'sm'), 'whitespace-nowrap')}
      >
        {label}
        <ChevronDown aria-hidden="true" className="size-4" />
      </button>
      {place && (
        <div
          ref={menuRef}
          id={id}
          role="menu"
          aria-label={accessibleLabel ?? label}
          onKeyDown={onMenuKeyDown}
          style={{ position: 'fixed', right: place.right, top: place.top, bottom: place.bottom }}
          className="z-50 min-w-44 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
        >
          {items.map((item) => renderItem(item, false))}
          {items.length > 0 && danger.length > 0 && <div role="separator" className="my-1 h-px bg-slate-200" />}
          {danger.map((item) => renderItem(item, true))}
        </div>
      )}
    </div>
  );
}
