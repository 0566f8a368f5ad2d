import { useEffect, type RefObject } from "react";

/**
 * After a refused submit, moves the keyboard focus to the first field marked invalid inside
 * `container`, so that its message (announced through aria-describedby) is read out.
 */
export function useFocusFirstError(container: RefObject<HTMLElement | null>, errors: object) {
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    container.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [container, errors]);
}
