import type { ReportEmailCopy } from './reportEmail.en';

/** The page a quiz reply's link opens, in Hindi (the quiz's other language). */
export const reportEmailHi: ReportEmailCopy = {
  lang: 'hi',
  title: 'अपनी विकास योजना ईमेल से पाएँ',
  lead: 'हम आपकी व्यक्तिगत विकास योजना PDF के रूप में उसी पते पर ईमेल करेंगे, जिस पर हमारा जवाब गया था। यह केवल एक बार और केवल वहीं भेजी जाती है।',
  button: 'मेरी विकास योजना ईमेल करें',
  sending: 'भेजा जा रहा है…',
  sent: 'आपकी विकास योजना भेज दी गई है। यह कुछ ही मिनटों में आपके इनबॉक्स में पहुँच जाएगी।',
  alreadySent: 'आपकी विकास योजना इस पते पर पहले ही भेजी जा चुकी है। अगर न मिले, तो स्पैम फ़ोल्डर देखें।',
  invalidTitle: 'यह लिंक काम नहीं करता',
  invalid: 'यह लिंक सही नहीं है या इसकी अवधि समाप्त हो चुकी है। अपनी विकास योजना पाने के लिए क्विज़ फिर से भरें।',
  retakeQuiz: 'क्विज़ भरें',
  home: 'होम पेज पर जाएँ',
};
