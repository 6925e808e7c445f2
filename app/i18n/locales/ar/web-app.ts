import type { LocaleShape } from "../../types";
import type en from "../en/web-app";

const webApp = {
  name: "سوقنا · سوق سوريا",
  shortName: "سوقنا",
  description: "بيع واشترِ في سوريا: سيارات وشقق ووظائف وهواتف وأثاث وخدمات، بالعربية والإنجليزية.",
  shortcuts: {
    postAd: "أضف إعلانًا",
    search: "بحث",
    messages: "الرسائل",
  },
} satisfies LocaleShape<typeof en>;

export default webApp;
