import { PanelPlaceholder } from '../../components/ui/PanelPlaceholder';

// A placeholder until this panel's issue lands.
export default function WorkOrderPanel() {
  return <PanelPlaceholder what="Work orders" />;
}
