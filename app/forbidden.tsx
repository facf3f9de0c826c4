// What forbidden() renders, with status 403: today only the admin panel, for members.
import { AdminsOnly } from "@/components/admin/admins-only";

export default function Forbidden() {
  return <AdminsOnly />;
}
