import { Navigate } from 'react-router';

/** SPEC §2's old address for the quiz. */
export default function Demo() {
  return <Navigate to="/get-started" replace />;
}
