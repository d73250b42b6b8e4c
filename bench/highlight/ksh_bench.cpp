// Times KSyntaxHighlighting (Debian's libkf5syntaxhighlighting5) the way a shim would use it: the
// repository loaded once, then each block highlighted line by line into <span class="…"> HTML.
// Build: g++ -O2 -fPIC -std=c++17 ksh_bench.cpp -o ksh_bench $(pkg-config --cflags --libs Qt5Gui)
//        -I/usr/include/KF5/KSyntaxHighlighting -lKF5SyntaxHighlighting
// Run: ./ksh_bench SAMPLES_FOLDER
#include <KSyntaxHighlighting/AbstractHighlighter>
#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/Format>
#include <KSyntaxHighlighting/Repository>
#include <KSyntaxHighlighting/State>
#include <KSyntaxHighlighting/Theme>
#include <QString>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/resource.h>
#include <vector>

using namespace KSyntaxHighlighting;
using Clock = std::chrono::steady_clock;

class SpanHighlighter : public AbstractHighlighter {
public:
    QString html;
    QStringView line;
    void run(const QString &code) {
        html.clear();
        State state;
        for (const QStringView l : QStringView(code).split(u'\n')) {
            line = l;
            state = highlightLine(l, state);
            html += u'\n';
        }
    }
protected:
    void applyFormat(int offset, int length, const Format &format) override {
        QString text = line.mid(offset, length).toString().toHtmlEscaped();
        if (format.textStyle() == Theme::Normal) { html += text; return; }
        html += QStringLiteral("<span class=\"s%1\">").arg(int(format.textStyle()));
        html += text;
        html += QStringLiteral("</span>");
    }
};

static std::string slurp(const std::string &path) {
    std::ifstream in(path);
    std::stringstream s; s << in.rdbuf(); return s.str();
}

static double ms(Clock::time_point a, Clock::time_point b) { return std::chrono::duration<double, std::milli>(b - a).count(); }

static double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

int main(int argc, char **argv) {
    const std::string folder = argv[1];
    auto t0 = Clock::now();
    Repository repository;
    auto t1 = Clock::now();
    std::printf("Repository loaded (%d definitions): %.1f ms\n", int(repository.definitions().size()), ms(t0, t1));
    const char *languages[][2] = {{"bash", "Bash"}, {"c", "C"}, {"go", "Go"}, {"html", "HTML"}, {"java", "Java"},
        {"javascript", "JavaScript"}, {"python", "Python"}, {"rust", "Rust"}, {"sql", "SQL"}, {"yaml", "YAML"}};
    std::printf("%-12s %14s %15s %16s\n", "language", "first 20-line", "20-line median", "500-line median");
    std::vector<double> firsts, twenties, fivehundreds;
    SpanHighlighter h;
    for (auto &l : languages) {
        QString s20 = QString::fromStdString(slurp(folder + "/" + l[0] + ".20"));
        QString s500 = QString::fromStdString(slurp(folder + "/" + l[0] + ".500"));
        auto a = Clock::now();
        h.setDefinition(repository.definitionForName(QString::fromLatin1(l[1])));
        h.setTheme(repository.defaultTheme());
        h.run(s20);
        double first = ms(a, Clock::now());
        std::vector<double> r20, r500;
        for (int i = 0; i < 200; i++) { auto b = Clock::now(); h.run(s20); r20.push_back(ms(b, Clock::now())); }
        for (int i = 0; i < 20; i++) { auto b = Clock::now(); h.run(s500); r500.push_back(ms(b, Clock::now())); }
        firsts.push_back(first); twenties.push_back(median(r20)); fivehundreds.push_back(median(r500));
        std::printf("%-12s %11.2f ms %12.3f ms %13.2f ms\n", l[0], first, median(r20), median(r500));
    }
    std::printf("%-12s %11.2f ms %12.3f ms %13.2f ms\n", "median", median(firsts), median(twenties), median(fivehundreds));
    struct rusage u; getrusage(RUSAGE_SELF, &u);
    std::printf("peak RSS: %.1f MB\n", u.ru_maxrss / 1024.0);
}
