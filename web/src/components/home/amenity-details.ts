import AirVent from 'lucide-react/icons/air-vent';
import Accessibility from 'lucide-react/icons/accessibility';
import Baby from 'lucide-react/icons/baby';
import Car from 'lucide-react/icons/car';
import CircleDot from 'lucide-react/icons/circle-dot';
import CookingPot from 'lucide-react/icons/cooking-pot';
import DoorOpen from 'lucide-react/icons/door-open';
import Dumbbell from 'lucide-react/icons/dumbbell';
import Flame from 'lucide-react/icons/flame';
import FlameKindling from 'lucide-react/icons/flame-kindling';
import Gamepad2 from 'lucide-react/icons/gamepad-2';
import Heater from 'lucide-react/icons/heater';
import MountainSnow from 'lucide-react/icons/mountain-snow';
import PawPrint from 'lucide-react/icons/paw-print';
import PlugZap from 'lucide-react/icons/plug-zap';
import Sofa from 'lucide-react/icons/sofa';
import Tv from 'lucide-react/icons/tv';
import Utensils from 'lucide-react/icons/utensils';
import WashingMachine from 'lucide-react/icons/washing-machine';
import Waves from 'lucide-react/icons/waves';
import Waves2 from 'lucide-react/icons/waves-ladder';
import Wifi from 'lucide-react/icons/wifi';
import type { AmenityKey } from '@ridgeline/core';
import type { ComponentType, SVGProps } from 'react';

/** The icon of each amenity of core's catalogue ([listing.amenities]); keyed by its keys so none is missed. */
export const AMENITY_ICONS: Record<AmenityKey, ComponentType<SVGProps<SVGSVGElement>>> = {
  wifi: Wifi,
  firepit: Flame,
  gameRoom: Gamepad2,
  poolTable: CircleDot,
  hotTub: Waves,
  mountainView: MountainSnow,
  fireplace: FlameKindling,
  airConditioning: AirVent,
  heating: Heater,
  kitchen: CookingPot,
  dishwasher: Utensils,
  washer: WashingMachine,
  outdoorGrill: Flame,
  patio: Sofa,
  tv: Tv,
  crib: Baby,
  freeParking: Car,
  evCharger: PlugZap,
  petsAllowed: PawPrint,
  selfCheckIn: DoorOpen,
  wheelchairAccessible: Accessibility,
  pool: Waves2,
  gym: Dumbbell,
};
