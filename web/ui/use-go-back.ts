import { useLocation, useNavigate } from "react-router";

/** Back where the visitor came from, or home when this page was the first one opened. */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  // React Router gives the first page of a visit the key "default".
  const first = useLocation().key === "default";
  return () => void (first ? navigate("/") : navigate(-1));
}
