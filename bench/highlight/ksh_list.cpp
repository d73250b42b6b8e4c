// Lists which of languages.txt KSyntaxHighlighting's repository resolves, by name or by file name.
#include <KSyntaxHighlighting/Repository>
#include <KSyntaxHighlighting/Definition>
#include <QString>
#include <cstdio>
#include <fstream>
#include <string>
int main() {
    KSyntaxHighlighting::Repository repo;
    std::printf("definitions: %d\n", repo.definitions().size());
    std::ifstream in("languages.txt");
    std::string name;
    while (in >> name) {
        auto q = QString::fromStdString(name);
        auto d = repo.definitionForName(q);
        const char *how = "name";
        if (!d.isValid()) for (const auto &c : repo.definitions()) if (c.name().compare(q, Qt::CaseInsensitive) == 0) { d = c; how = "name, any case"; break; }
        if (!d.isValid()) { d = repo.definitionForFileName(QStringLiteral("x.") + q); how = "file x.<name>"; }
        if (!d.isValid()) { d = repo.definitionForFileName(q); how = "file <name>"; }
        std::printf("%-12s %s%s\n", name.c_str(), d.isValid() ? d.name().toUtf8().constData() : "MISSING",
                    d.isValid() ? (std::string("  (by ") + how + ")").c_str() : "");
    }
}
