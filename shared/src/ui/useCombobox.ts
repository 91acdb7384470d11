import { useState } from 'react';

/**
 * The state of an ARIA 1.2 combobox with a list (the header's suggestions, the back office's search):
 * whether the list is open and which option the arrows are on (-1: the box itself). Down and Up go round
 * the options and through the box, so the text typed can be edited again; a newer, shorter list starts
 * the walk again. Enter and Escape stay the caller's: what they do differs by box.
 */
export function useCombobox() {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const activeIn = (count: number) => (active < count ? active : -1);
  return {
    open,
    setOpen,
    setActive,
    /** The option the arrows are on in a list of `count`, or -1. */
    activeIn,
    close: () => {
      setOpen(false);
      setActive(-1);
    },
    /** The text changed: the list opens on its new options, the arrows on none. */
    typed: () => {
      setOpen(true);
      setActive(-1);
    },
    /** Down (1) or Up (-1) in a list of `count`: opens a closed list, else moves through the options and the box. */
    move: (step: 1 | -1, count: number) => {
      if (!open) return setOpen(true);
      if (count) setActive(((activeIn(count) + 1 + step + count + 1) % (count + 1)) - 1);
    },
  };
}
