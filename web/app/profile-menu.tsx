import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import type { User } from "../../contract/user";
import { iconBase } from "../ui/icons";

/**
 * The signed-in shopper's menu. It closes on Escape (focus back on its button, never on a hidden
 * link), on a click elsewhere and when the page changes.
 */
export function ProfileMenu({ user, onLogout }: { user: User; onLogout: () => void }) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (event: MouseEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    window.addEventListener("keydown", onKey);
    document.addEventListener("mousedown", onPointer);
    return () => {
      window.removeEventListener("keydown", onKey);
      document.removeEventListener("mousedown", onPointer);
    };
  }, [open]);
  return (
    <div className="relative" ref={box}>
      <button
        ref={button}
        aria-expanded={open}
        aria-controls="profile-menu"
        onClick={() => setOpen(!open)}
        className="flex min-h-11 cursor-pointer items-center gap-2 rounded-full bg-primary/15 px-3"
      >
        <UserIcon /> {user.name.split(" ")[0]}
      </button>
      <ul
        id="profile-menu"
        hidden={!open}
        className="absolute right-0 mt-2 w-40 rounded-md border border-gray-200 bg-white py-2 text-sm shadow-md"
      >
        <li>
          <Link to="/my-orders" className="flex min-h-11 items-center px-4 hover:bg-primary/10">
            My Orders
          </Link>
        </li>
        <li>
          <button
            onClick={() => {
              setOpen(false);
              onLogout();
            }}
            className="min-h-11 w-full px-4 text-left hover:bg-primary/10"
          >
            Logout
          </button>
        </li>
      </ul>
    </div>
  );
}

function UserIcon({ size = 20 }: { size?: number }) {
  return (
    <svg {...iconBase} width={size} height={size} viewBox="0 0 24 24">
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </svg>
  );
}
