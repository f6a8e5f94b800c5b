import { useEffect } from 'react';

/**
 * One hand on the keyboard at a choose step: digit keys 1–9 take that option, Enter takes the
 * suggested one when no control has the focus (a focused option button answers Enter itself,
 * and the suggested option starts focused). Keys typed into a field are left alone.
 */
export function ChooseKeys({
  options,
  disabled,
  onPick,
}: {
  options: ReadonlyArray<{ id: string; suggested?: boolean | undefined }>;
  disabled: boolean;
  onPick: (id: string) => void;
}) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (disabled || e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
      const target = e.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      if (/^[1-9]$/.test(e.key)) {
        const option = options[Number(e.key) - 1];
        if (!option) return;
        e.preventDefault();
        onPick(option.id);
      } else if (e.key === 'Enter' && (!target || target === document.body)) {
        const option = options.find((o) => o.suggested) ?? options[0];
        if (!option) return;
        e.preventDefault();
        onPick(option.id);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [options, disabled, onPick]);
  return null;
}
